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
import { createDiskStorage, createStorage } from './lib/storage';
import { hasStoredFiles } from './lib/stored-files-repository';

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
 * Uploads that live in the database (UPLOAD_STORE=database) while the table is still empty and the old
 * folder holds files: a deployment that kept them on disk until now, whose pictures would all be 404s.
 */
async function warnOfUploadsLeftOnDisk(
  config: Config,
  database: DatabaseHandle,
  log: FastifyInstance['log'],
) {
  if (config.uploads.store !== 'database' || (await hasStoredFiles(database.db))) return;
  const left = (await createDiskStorage(config.dataDir).list('')).length;
  if (left > 0) {
    log.warn(
      { files: left, folder: `${config.dataDir}/uploads` },
      'uploads now live in the database, which holds none yet, while the uploads folder holds files: run `npm run uploads:import` once',
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
    await warnOfUploadsLeftOnDisk(config, database, app.log);
    const metricsServer =
      config.metrics.port === undefined
        ? undefined
        : await startMetricsServer({
            registry: app.metrics.registry,
            port: config.metrics.port,
            host: config.metrics.host,
          }).catch(async (error: NodeJS.ErrnoException) => {
            await app.close();
            redis?.disconnect();
            throw new OperatorError(
              `METRICS_PORT: cannot listen on ${config.metrics.host}:${config.metrics.port} (${error.code ?? error.message})`,
            );
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
