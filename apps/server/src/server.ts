import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { seedDemoDataIfEmpty } from './db/seed/seed';
import { sessionActivityFor } from './features/sessions/activity';
import { type Clock, systemClock } from './lib/clock';
import { type DatabaseHandle, openDatabase } from './lib/db';
import { connectRedis } from './lib/redis';
import { loadServerSecret } from './lib/secrets';
import { createDiskStorage } from './lib/storage';

/** How long shutdown waits for handlers still running after their client went away. */
const SHUTDOWN_DRAIN_MS = 5000;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds demo data when asked, and builds the app.
 * Used by main.ts and by the tests, so both run the very same start-up.
 */
export async function createServer(config: Config, clock: Clock = systemClock): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.warn(`database connection dropped: ${error.message}`),
  });
  try {
    await database.migrate();
    const storage = createDiskStorage(config.dataDir);
    const seeded = config.demoSeed && (await seedDemoDataIfEmpty({ db: database.db, storage, clock }));
    const secret = loadServerSecret(config);
    const redis = connectRedis(config.redisUrl);
    const app = await buildApp({ config, database, storage, clock, secret, redis });
    if (seeded) app.log.info('seeded the demo data (demo accounts in the README)');
    return {
      app,
      database,
      async close() {
        await app.close();
        // Requests whose client went away keep running after the socket closed; let them finish.
        await app.waitForHandlers(SHUTDOWN_DRAIN_MS);
        await sessionActivityFor(database.db).close();
        await database.close();
        redis?.disconnect();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
