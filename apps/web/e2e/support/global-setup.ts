import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startOidcStandIn } from '../../../server/src/features/social-login/testing/oidc-stand-in';
import { pickFreePort } from '../../../server/src/test/ports';
import { startSmtpSink } from '../../../server/src/test/smtp-sink';

const root = path.resolve(import.meta.dirname, '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    offlineUrl: string;
    /** A folder where every mail the server sends lands as `<n>.json` ({ to, subject, text, html }). */
    mailDir: string;
    /** Who signs in through the local OpenID provider standing in for Google. */
    googleIdentity: { login: string; email: string; name: string };
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in time:\n${log()}`);
}

/**
 * Starts the real server, serving the built web app with demo data, on a fresh database: embedded
 * PGlite in a temporary folder, or a new database on the server named by DATABASE_URL (dropped after).
 * Also starts a static server for the same build with no API behind it, for the backend-down journey.
 */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-e2e-'));
  // E2E_WEB_DIST: a private build, when several people build apps/web/dist at the same time.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  const port = await pickFreePort();
  const mail = await startMailSink(path.join(dataDir, 'mail'));
  const google = await startGoogleStandIn(`http://127.0.0.1:${port}`);
  const environment: Record<string, string | undefined> = {
    ...process.env,
    // The compiled server (npm run build) with production's code paths; NODE_ENV=production itself would
    // also require https and a shared secret, which this loopback set-up has no use for.
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DEMO_SEED: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    GOOGLE_ISSUER_URL: google.issuer,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.clientSecret,
  };
  let databaseName: string | undefined;
  if (process.env.DATABASE_URL) {
    databaseName = `ovation_e2e_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${databaseName}`;
    environment.DATABASE_URL = url.toString();
  }

  let output = '';
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    {
      cwd: root,
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);

  const offline = await startOfflineServer(webDist);

  project.provide('baseUrl', baseUrl);
  project.provide('offlineUrl', offline.url);
  project.provide('mailDir', mail.dir);
  project.provide('googleIdentity', GOOGLE_IDENTITY);

  return async () => {
    offline.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await Promise.all([mail.close(), google.close()]);
    await fs.rm(dataDir, { recursive: true, force: true });
    if (databaseName && process.env.DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  };
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** Serves the built app with every /api call failing, as when the backend is down. */
async function startOfflineServer(dist: string) {
  const { createServer } = await import('node:http');
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/api') || url.pathname.startsWith('/uploads')) {
      request.socket.destroy();
      return;
    }
    const file = path.join(dist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    let body: Buffer;
    let type = CONTENT_TYPES['.html']!;
    try {
      body = await fs.readFile(file);
      type = CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
    } catch {
      body = await fs.readFile(path.join(dist, 'index.html'));
    }
    response.writeHead(200, { 'content-type': type });
    response.end(body);
  });
  const port = await pickFreePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/** The OAuth client the server is configured with, registered at the local provider. */
const GOOGLE_CLIENT = { clientId: 'ovation-e2e-web', clientSecret: 'e2e-stand-in-secret-0123456789abcdef' };
const GOOGLE_IDENTITY = { login: 'google-fan-1', email: 'google.fan@ovation.test', name: 'Grace Google' };

/**
 * A real SMTP server the app sends its mail to; each message is also written to `dir` as JSON, so the
 * browser tests (other processes) can read verification codes.
 */
async function startMailSink(dir: string) {
  await fs.mkdir(dir, { recursive: true });
  const sink = await startSmtpSink();
  let written = 0;
  const timer = setInterval(() => {
    while (written < sink.messages.length) {
      const message = sink.messages[written];
      written += 1;
      void fs.writeFile(path.join(dir, `${String(written).padStart(5, '0')}.json`), JSON.stringify(message));
    }
  }, 20);
  return {
    url: sink.url,
    dir,
    close: async () => {
      clearInterval(timer);
      await sink.close();
    },
  };
}

/** The local OpenID provider standing in for Google (the server's own test stand-in). */
async function startGoogleStandIn(serverUrl: string) {
  const oidc = await startOidcStandIn();
  oidc.register({ ...GOOGLE_CLIENT, redirectUri: `${serverUrl}/api/auth/google/callback` });
  oidc.addIdentity(GOOGLE_IDENTITY.login, {
    email: GOOGLE_IDENTITY.email,
    emailVerified: true,
    name: GOOGLE_IDENTITY.name,
  });
  return oidc;
}
