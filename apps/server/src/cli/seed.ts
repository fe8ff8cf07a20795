// `npm run db:seed`: adds the demo data to an empty database (never to one that has accounts or categories).
import { parseConfig } from '../config';
import { DEMO_PASSWORD, MAIN_DEMO_ACCOUNTS } from '../db/seed/demo-accounts';
import { seedDemoDataIfEmpty } from '../db/seed/seed';
import { systemClock } from '../lib/clock';
import { openDatabase } from '../lib/db';
import { createStorage } from '../lib/storage';
import { countSeededRows } from './seed-repository';

export async function main(): Promise<number> {
  const config = parseConfig();
  if (config.environment === 'production') {
    console.error('Refused: the demo data has a published admin password, and NODE_ENV=production.');
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const startedAt = performance.now();
    const seeded = await seedDemoDataIfEmpty({
      db: database.db,
      storage: createStorage({ ...config.uploads, dataDir: config.dataDir }, database.db),
      clock: systemClock,
    });
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir} (embedded)`;
    if (seeded) {
      const rows = await countSeededRows(database.db);
      console.log(
        `Seeded demo data into ${where} in ${seconds} s: ${rows.categories} categories, ${rows.songs} songs ` +
          `(${rows.approved} approved, ${rows.pending} pending, ${rows.rejected} rejected), ${rows.users} accounts, ` +
          `${rows.votes} votes, ${rows.covers} covers, ${rows.banners} banners.`,
      );
      const emails = Object.values(MAIN_DEMO_ACCOUNTS).map((account) => account.email);
      console.log(`Sign in as ${emails.join(', ')} with the password ${DEMO_PASSWORD}`);
    } else {
      console.log(`Database already has data; nothing seeded (${where}).`);
    }
    return 0;
  } catch (error) {
    console.error('Seeding failed:', error);
    return 1;
  } finally {
    await database.close();
  }
}
