// `npm run db:migrate`: applies the pending SQL migrations to the configured database, under the same
// advisory lock as a starting server (a release step with MIGRATE_ON_START=false on the instances).
import { parseConfig } from '../config';
import { openDatabase } from '../lib/db';

export async function main(): Promise<number> {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // What was pending before and is not after: applied now (by this command, or by an instance that
    // migrated at the same moment under the same lock).
    const before = await database.pendingMigrations();
    await database.migrate();
    const after = new Set(await database.pendingMigrations());
    const applied = before.filter((tag) => !after.has(tag));
    const where =
      database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database';
    console.log(
      applied.length === 0
        ? `Nothing to migrate: ${where} is up to date.`
        : `Applied ${applied.length} migration(s) to ${where}: ${applied.join(', ')}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
