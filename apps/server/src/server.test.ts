import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { openDatabase, rowsOf } from './lib/db';
import { createServer, DatabaseBehindError, type RunningServer } from './server';
import { createEmptyDatabase } from './test/database';

/**
 * The real start-up (createServer, as main.ts runs it): migrations taken once by instances starting
 * together, the release-step mode that refuses a database behind its code, the metrics port and the
 * readiness that answers 503 while draining.
 */

const journal = JSON.parse(
  await fs.readFile(path.join(import.meta.dirname, 'db/migrations/meta/_journal.json'), 'utf8'),
) as { entries: Array<{ tag: string }> };
const MIGRATIONS = journal.entries.length;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function temporaryDataDir() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-startup-'));
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/** The configuration main.ts would parse: quiet, API only, no demo data, no scheduler unless asked. */
async function configFor(environment: Record<string, string>) {
  return parseConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    DEMO_SEED: '0',
    SCHEDULER: '0',
    DATA_DIR: await temporaryDataDir(),
    ...environment,
  });
}

async function start(environment: Record<string, string>): Promise<RunningServer> {
  const server = await createServer(await configFor(environment));
  cleanups.push(() => server.close());
  return server;
}

async function appliedMigrations(databaseUrl: string) {
  const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    const [row] = rowsOf<{ count: number }>(
      await handle.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
    );
    return row?.count;
  } finally {
    await handle.close();
  }
}

describe('migrations at start', () => {
  it.runIf(process.env.DATABASE_URL)(
    'are applied once when instances start together on an empty database (an advisory lock)',
    async () => {
      const database = await createEmptyDatabase(process.env.DATABASE_URL!);
      cleanups.push(database.drop);
      const instances = await Promise.all(
        [1, 2, 3].map(() => start({ DATABASE_URL: database.url, MIGRATE_ON_START: '1' })),
      );
      expect(await appliedMigrations(database.url)).toBe(MIGRATIONS);
      for (const instance of instances) {
        const ready = await instance.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(200);
      }
    },
  );

  it.runIf(process.env.DATABASE_URL)(
    'with MIGRATE_ON_START=false, refuse a database behind the build, naming what is missing, and start once migrated',
    async () => {
      const database = await createEmptyDatabase(process.env.DATABASE_URL!);
      cleanups.push(database.drop);
      const environment = { DATABASE_URL: database.url, MIGRATE_ON_START: 'false' };
      const refused = await start(environment).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseBehindError);
      expect((refused as DatabaseBehindError).pending).toHaveLength(MIGRATIONS);
      expect((refused as Error).message).toMatch(/npm run db:migrate/);
      // Nothing was created by the refused start.
      expect(await appliedMigrations(database.url).catch(() => 'no migrations table')).toBe(
        'no migrations table',
      );

      const release = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
      await release.migrate();
      await release.close();
      const server = await start(environment);
      expect((await server.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    },
  );

  it('with MIGRATE_ON_START=false, refuse an embedded database behind the build', async () => {
    const refused = await start({ MIGRATE_ON_START: 'false' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseBehindError);
    expect((refused as DatabaseBehindError).pending).toHaveLength(MIGRATIONS);
  });
});

describe('metrics on their own port', () => {
  it('serve Prometheus text on METRICS_PORT only, never on the public port without the token', async () => {
    const server = await start({ METRICS_PORT: '0' });
    await server.app.inject({ method: 'GET', url: '/api/health/live' });
    const base = `http://127.0.0.1:${server.metricsPort}`;
    const metrics = await fetch(`${base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toMatch(/^ovation_build_info\{version="\d+\.\d+\.\d+",commit="[^"]+"\} 1$/m);
    expect(text).toMatch(
      /^ovation_http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status_code="200"\} 1$/m,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect((await fetch(`${base}/`)).status).toBe(404);
    // The public port has no /metrics without METRICS_TOKEN.
    const publicMetrics = await server.app.inject({ method: 'GET', url: '/metrics' });
    expect(publicMetrics.statusCode).toBe(404);
    expect(publicMetrics.json()).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });
});

describe('shutting down', () => {
  it('answers readiness 503 (draining) for SHUTDOWN_DELAY_MS before the listener closes; liveness stays 200', async () => {
    const server = await createServer(await configFor({ SHUTDOWN_DELAY_MS: '400' }));
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const closing = server.close();
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: unknown }).data).toMatchObject({
      status: 'draining',
      database: 'ok',
    });
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    await closing;
    await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
  });
});
