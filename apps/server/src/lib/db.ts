import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';
import { OperatorError } from './operator-error';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the pending migrations. On PostgreSQL it holds an advisory lock meanwhile, so instances that
   * start together migrate one after the other (the second finds nothing left to do).
   */
  migrate(): Promise<void>;
  /** The migrations this build has that the database has not applied yet (their tags), in order. */
  pendingMigrations(): Promise<string[]>;
  /** The pool's connections on PostgreSQL (null on the embedded database, which has one). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** Reports how long each query waited for a pooled connection (PostgreSQL only). */
  observePoolWaits(observe: (seconds: number) => void): void;
  /**
   * Whether a query came back from PostgreSQL without error within the last `milliseconds`: a busy
   * instance proves its database answers many times a second, without a health check of its own waiting
   * in the same pool behind the votes. Always false for the embedded database (asking it costs nothing).
   */
  answeredWithin(milliseconds: number): boolean;
  close(): Promise<void>;
}

declare const __OVATION_BUILD__: unknown;

/** The SQL migrations: beside the compiled bundle (scripts/build-server.mjs copies them), or in the sources. */
const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  typeof __OVATION_BUILD__ !== 'undefined' ? 'migrations' : '../db/migrations',
);

/**
 * The advisory lock held while migrating. Any number unlikely to be used by another lock of the same
 * database; it spells "MIGRATE" on a phone keypad.
 */
const MIGRATION_LOCK_KEY = 6_447_283;

interface JournalEntry {
  tag: string;
  when: number;
}

/** This build's migrations, in order (their tags): what a database migrated by it has applied. */
export async function buildMigrations(): Promise<string[]> {
  return (await readJournal()).map((entry) => entry.tag);
}

async function readJournal(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  return journal.entries;
}

/**
 * The tags of the migrations the database has not applied: drizzle records each applied one with its
 * journal time (`created_at`), and applies those newer than the last recorded.
 */
export async function pendingMigrationsIn(db: Database): Promise<string[]> {
  const journal = await readJournal();
  let lastApplied = 0;
  try {
    const rows = rowsOf<{ last: string | null }>(
      await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
    );
    lastApplied = Number(rows[0]?.last ?? 0);
  } catch (error) {
    // No migrations table yet: a new, empty database.
    if (!hasSqlState(error, UNDEFINED_TABLE) && !hasSqlState(error, INVALID_SCHEMA_NAME)) throw error;
  }
  return journal.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
}

/** Pool size per server process: enough to keep 2 cores busy without queueing inside PostgreSQL. */
const POSTGRES_POOL_SIZE = 10;

/**
 * Opens PostgreSQL at `databaseUrl`, or the embedded PGlite database in `dataDir/pglite`
 * (in memory when `dataDir` is 'memory://', as the tests use).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Called when an idle pooled connection fails; without a listener it would crash the process. */
  onIdleError?: (error: Error) => void;
  /** Embedded only: fill a new data folder from a dump of another (a backup being restored). */
  loadDataDir?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // TCP keep-alive: a connection whose peer vanished (a failover) fails within minutes instead of hanging.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      keepAlive: true,
    });
    // An idle connection the server drops (restart, failover, a dropped test database) must not crash
    // the process: the pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    let lastAnsweredAt = 0;
    pool.on('release', (error) => {
      if (!error) lastAnsweredAt = Date.now();
    });
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // A session-level lock lives on one connection: the migrations run on that same connection.
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          try {
            await migratePostgres(drizzlePostgres(connection, { schema }), {
              migrationsFolder: MIGRATIONS_FOLDER,
            });
          } finally {
            await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          }
          connection.release();
        } catch (error) {
          // The connection's state is unknown (a migration failed half way, or the unlock did): drop it.
          connection.release(true);
          throw error;
        }
      },
      pendingMigrations: () => pendingMigrationsIn(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      answeredWithin: (milliseconds) => Date.now() - lastAnsweredAt < milliseconds,
      observePoolWaits(observe) {
        // Every query checks a connection out through connect() (pool.query too, with a callback).
        const connect = pool.connect.bind(pool) as (callback?: (...args: unknown[]) => void) => unknown;
        (pool as unknown as { connect: typeof connect }).connect = (callback) => {
          const started = performance.now();
          const done = () => observe((performance.now() - started) / 1000);
          if (callback) {
            return connect((...args) => {
              done();
              callback(...args);
            });
          }
          return (connect() as Promise<unknown>).then((client) => {
            done();
            return client;
          });
        };
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  let releaseLock = async () => {};
  // The extensions the migrations create (pg_trgm: the admin users search's trigram indexes).
  const extensions = { pg_trgm };
  if (options.dataDir === 'memory://') {
    client = new PGlite({ extensions });
  } else {
    const directory = embeddedDatabaseDirectory(options.dataDir);
    await fs.mkdir(directory, { recursive: true });
    releaseLock = await lockEmbeddedDatabase(options.dataDir);
    try {
      client = new PGlite(directory, { extensions, loadDataDir: options.loadDataDir });
    } catch (error) {
      await releaseLock();
      throw error;
    }
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    // One process owns the embedded database: nobody to race with.
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    pendingMigrations: () => pendingMigrationsIn(db),
    poolStats: () => null,
    observePoolWaits: () => undefined,
    answeredWithin: () => false,
    async close() {
      await client.close();
      await releaseLock();
    },
  };
}

/** Where the embedded database keeps its files. */
export function embeddedDatabaseDirectory(dataDir: string) {
  return path.join(dataDir, 'pglite');
}

/** The embedded database is open in another process (a server, or a backup): two would corrupt it. */
export class EmbeddedDatabaseInUse extends OperatorError {
  override name = 'EmbeddedDatabaseInUse';
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    lockFile: string,
  ) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid} (a running server?). ` +
        `Only one process may open it at a time: stop that one first. (If no such process is Ovation, ${lockFile} ` +
        'is left from before a restart: delete it.)',
    );
  }
}

/**
 * Takes DATA_DIR/pglite.lock for this process: PGlite has no lock of its own, and two processes writing
 * one data folder would corrupt it. The lock appears whole or not at all (a file with our pid, hard-linked
 * into place), and one left by a process that is gone (killed) is taken over.
 */
async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, 'pglite.lock');
  const mine = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await fs.link(mine, file);
        return async () => {
          // Removed only while it is still ours.
          if ((await fs.readFile(file, 'utf8').catch(() => '')) === String(process.pid))
            await fs.rm(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const held = await fs.readFile(file, 'utf8').catch(() => '');
      const holder = Number(held);
      if (holder && holder !== process.pid && isAlive(holder))
        throw new EmbeddedDatabaseInUse(dataDir, holder, file);
      // Its holder is gone: taken over, unless another process took it over since we read it.
      if ((await fs.readFile(file, 'utf8').catch(() => '')) === held) await fs.rm(file, { force: true });
    }
    throw new OperatorError(`Could not lock the embedded database: ${file} keeps changing hands.`);
  } finally {
    await fs.rm(mine, { force: true });
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL's unique_violation and foreign_key_violation (SQLSTATE). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** undefined_table and invalid_schema_name: what reading a table of a never-migrated database raises. */
const UNDEFINED_TABLE = '42P01';
const INVALID_SCHEMA_NAME = '3F000';

/** Whether a database error has the SQLSTATE `state`, also when the query builder wrapped it (`cause`). */
export function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs a write and answers the database's refusal with one of `refusals`' SQLSTATEs as the error its
 * function makes: how a repository turns a unique index or a foreign key it raced with into what its
 * service understands (a 409, a 404), so no service reads SQLSTATEs.
 */
export async function refusingWith<T>(
  refusals: Partial<Record<string, () => Error>>,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (const [state, refusal] of Object.entries(refusals)) {
      if (refusal && hasSqlState(error, state)) throw refusal();
    }
    throw error;
  }
}

/**
 * How many rows a write changed: node-postgres says `rowCount`, PGlite `affectedRows` (cheaper than
 * `returning` every deleted row just to count them).
 */
export function affectedRows(result: unknown): number {
  const { rowCount, affectedRows: affected } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affected ?? 0;
}

/**
 * The rows of a raw statement's result (`db.execute(sql\`...\`)`): node-postgres and PGlite both answer
 * `{ rows }`, which drizzle's types do not say for both drivers at once.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** The driver under the query builder: the pool of PostgreSQL, or the embedded PGlite. */
export function databaseClient(db: Database): pg.Pool | PGlite {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error('this needs the database itself, not a transaction');
  return client;
}

/**
 * Runs one hot statement without the query builder, as the vote and the session lookup do on every
 * request: on PostgreSQL as a named prepared statement, parsed and planned once per connection.
 * `text` must be constant for a given `name`.
 */
export async function queryRows<Row>(
  db: Database,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  const client = databaseClient(db);
  if (client instanceof pg.Pool) {
    return (await client.query({ name: statement.name, text: statement.text, values })).rows as Row[];
  }
  return (await client.query<Row>(statement.text, values)).rows;
}
