import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../lib/db';

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
