import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'embedded' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

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
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // The extensions the migrations create (pg_trgm: the admin users search's trigram indexes).
  const extensions = { pg_trgm };
  if (options.dataDir === 'memory://') {
    client = new PGlite({ extensions });
  } else {
    const directory = path.join(options.dataDir, 'pglite');
    await fs.mkdir(directory, { recursive: true });
    client = new PGlite(directory, { extensions });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** PostgreSQL's unique_violation and foreign_key_violation (SQLSTATE). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Whether a database error has the SQLSTATE `state`, also when the query builder wrapped it (`cause`). */
export function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
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
