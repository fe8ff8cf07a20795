// `npm run db:migrate`: applies the pending SQL migrations to the configured database, under the same
// advisory lock as a starting server (a release step with MIGRATE_ON_START=false on the instances).
import { parseConfig } from '../config';
import { openDatabase } from '../lib/db';

export async function main(): Promise<number> {
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const pending = await database.pendingMigrations();
    await database.migrate();
    const where =
      database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'the PostgreSQL database';
    console.log(
      pending.length === 0
        ? `Nothing to migrate: ${where} is up to date.`
        : `Applied ${pending.length} migration(s) to ${where}: ${pending.join(', ')}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}
