import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from '../app';
import { parseConfig } from '../config';
import type { CaptchaVerifier } from '../lib/captcha';
import { ManualClock } from '../lib/clock';
import { type DatabaseHandle, openDatabase } from '../lib/db';
import type { Mailer } from '../lib/mailer';
import { createStorage, type FileStorage } from '../lib/storage';
import { createTestDatabase } from './database';
import { pickFreePort } from './ports';

export { pickFreePort } from './ports';

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  storage: FileStorage;
  clock: ManualClock;
  dataDir: string;
  /** The PostgreSQL URL of this test's database (undefined on embedded PGlite). */
  databaseUrl?: string;
  /** Speaks HTTP to the running server; `token` becomes a bearer header, `body` JSON. */
  request(
    method: string,
    url: string,
    options?: { body?: unknown; rawBody?: string | Buffer; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/**
 * Starts the real app on a random port over a fresh, migrated database, with a clock the test
 * moves by hand. Every test file gets its own; nothing is shared between runs.
 */
export interface TestServerOptions {
  environment?: Record<string, string>;
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  redis?: Redis;
  /**
   * Set PUBLIC_URL to the server's own address (for flows that redirect back to it, e.g. social login):
   * a free port is picked before the app is built instead of at listen time.
   */
  ownPublicUrl?: boolean;
  /** A second instance on the same PostgreSQL database as this one (its own pool), as in production. */
  sameDatabaseAs?: TestServer;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const environment = options.environment ?? {};
  const shared = options.sameDatabaseAs?.databaseUrl;
  const database = shared
    ? await openDatabase({ databaseUrl: shared, dataDir: 'memory://', onIdleError: () => {} })
    : await createTestDatabase();
  const databaseUrl = shared ?? (database as { url?: string }).url;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-test-'));
  const chosenPort = options.ownPublicUrl ? await pickFreePort() : 0;
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: '',
    // Instances on one PostgreSQL database share caches and evictions through Redis, as in production.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(options.ownPublicUrl ? { PUBLIC_URL: `http://127.0.0.1:${chosenPort}` } : {}),
    ...environment,
  });
  const storage = createStorage({ ...config.uploads, dataDir }, database.db);
  const clock = new ManualClock();
  const app = await buildApp({
    config,
    database,
    storage,
    clock,
    secret: 'test-secret-test-secret-test-secret',
    redis: options.redis,
    mailer: options.mailer,
    captcha: options.captcha,
  });
  await app.listen({ port: chosenPort, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    app,
    database,
    db: database.db,
    storage,
    clock,
    dataDir,
    databaseUrl: 'url' in database ? (database.url as string | undefined) : shared,
    async request(method, url, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      let body: string | Buffer | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers['content-type'] ??= 'application/json';
      }
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: hand the raw text to the test.
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
