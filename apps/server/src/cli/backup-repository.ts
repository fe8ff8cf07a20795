import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Database, databaseClient, pendingMigrationsIn, rowsOf } from '../lib/db';

/** What a backup's manifest records and a restore compares: rows of the tables that matter most. */
export interface BackedUpCounts {
  users: number;
  songs: number;
  votes: number;
  validVotes: number;
  auditLog: number;
  storedFiles: number;
}

export async function countBackedUpRows(db: Database): Promise<BackedUpCounts> {
  const [row] = rowsOf<Record<keyof BackedUpCounts, string>>(
    await db.execute(sql`
      select (select count(*) from users) as "users",
             (select count(*) from songs) as "songs",
             (select count(*) from votes) as "votes",
             (select count(*) from votes where status = 'valid') as "validVotes",
             (select count(*) from audit_log) as "auditLog",
             (select count(*) from stored_files) as "storedFiles"`),
  );
  return Object.fromEntries(
    Object.entries(row!).map(([name, value]) => [name, Number(value)]),
  ) as unknown as BackedUpCounts;
}

export async function countAppliedMigrations(db: Database): Promise<number> {
  const [row] = rowsOf<{ count: string }>(
    await db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`),
  );
  return Number(row?.count ?? 0);
}

/** No table of ours exists yet (a new database): what a restore without --force requires. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ count: string }>(
    await db.execute(sql`select count(*) as count from pg_tables where schemaname in ('public', 'drizzle')`),
  );
  return Number(row?.count ?? 0) === 0;
}

/** The query builder over one connection: the backup's REPEATABLE READ transaction, holding its snapshot. */
export function databaseOnConnection(client: pg.Client): Database {
  return drizzlePostgres(client) as unknown as Database;
}

/** Whether this build has migrations the database has not applied yet. */
export async function isBehindThisBuild(db: Database): Promise<boolean> {
  return (await pendingMigrationsIn(db)).length > 0;
}

/** PGlite's own dump of its data folder, gzipped (the embedded database only). */
export async function dumpEmbeddedDataDir(db: Database): Promise<Blob> {
  return (databaseClient(db) as PGlite).dumpDataDir('gzip');
}
