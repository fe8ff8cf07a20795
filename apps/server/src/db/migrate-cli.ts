// `npm run db:migrate`: applies the SQL migrations to the configured database and exits.
import { parseConfig } from '../config';
import { openDatabase } from '../lib/db';

const config = parseConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(
    `Migrations applied to the ${database.kind === 'embedded' ? `embedded database in ${config.dataDir}` : 'PostgreSQL database'}.`,
  );
} finally {
  await database.close();
}
