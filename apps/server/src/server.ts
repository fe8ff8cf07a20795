import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { seedDemoDataIfEmpty } from './db/seed/seed';
import { Scheduler } from './features/jobs/scheduler';
import { sessionActivityFor } from './features/sessions/activity';
import { type Clock, systemClock } from './lib/clock';
import { type DatabaseHandle, openDatabase } from './lib/db';
import { startMetricsServer } from './lib/metrics-route';
import { OperatorError } from './lib/operator-error';
import { connectRedis } from './lib/redis';
import { loadServerSecret } from './lib/secrets';
import { createStorage } from './lib/storage';

/** How long shutdown waits for handlers still running after their client went away. */
const SHUTDOWN_DRAIN_MS = 5000;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The port METRICS_PORT asked for, once listening (0 asks the system for one). */
  metricsPort?: number;
  close(): Promise<void>;
}

/** The database is behind this build and this instance may not migrate it (MIGRATE_ON_START=false). */
export class DatabaseBehindError extends OperatorError {
  override name = 'DatabaseBehindError';
  constructor(readonly pending: string[]) {
    super(
      `The database is ${pending.length} migration(s) behind this build (${pending.join(', ')}), and ` +
        'MIGRATE_ON_START=false: run `npm run db:migrate` first (docs/operations.md, "Releasing").',
    );
  }
}

/**
 * Opens the database, applies migrations (or checks there are none left, when a release step runs them),
 * seeds demo data when asked, builds the app, and starts what only a serving instance runs: the metrics
 * port and the job scheduler. Used by main.ts and by the tests, so both run the very same start-up.
 */
export async function createServer(config: Config, clock: Clock = systemClock): Promise<RunningServer> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) => console.warn(`database connection dropped: ${error.message}`),
  });
  try {
    if (config.migrateOnStart) await database.migrate();
    else {
      const pending = await database.pendingMigrations();
      if (pending.length > 0) throw new DatabaseBehindError(pending);
    }
    const storage = createStorage({ ...config.uploads, dataDir: config.dataDir }, database.db);
    const seeded = config.demoSeed && (await seedDemoDataIfEmpty({ db: database.db, storage, clock }));
    const secret = loadServerSecret(config);
    const redis = connectRedis(config.redisUrl);
    const app = await buildApp({ config, database, storage, clock, secret, redis });
    if (seeded) app.log.info('seeded the demo data (demo accounts in the README)');
    const metricsServer =
      config.metrics.port === undefined
        ? undefined
        : await startMetricsServer({
            registry: app.metrics.registry,
            port: config.metrics.port,
            host: config.metrics.host,
          });
    const scheduler = config.scheduler
      ? new Scheduler({
          db: database.db,
          clock,
          jobs: app.jobs,
          metrics: app.metrics,
          instance: config.instanceName,
          logger: app.log,
        })
      : undefined;
    scheduler?.start();
    return {
      app,
      database,
      metricsPort: metricsServer?.port,
      async close() {
        // Readiness answers 503 first, so the load balancer stops sending before the listener closes.
        app.startDraining();
        if (config.shutdownDelayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
        }
        await scheduler?.stop();
        await app.close();
        // Requests whose client went away keep running after the socket closed; let them finish.
        await app.waitForHandlers(SHUTDOWN_DRAIN_MS);
        await sessionActivityFor(database.db).close();
        await metricsServer?.close();
        await database.close();
        redis?.disconnect();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
