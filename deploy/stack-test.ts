// `npm run stack:test`: the production topology of deploy/, started for real on this machine's loopback
// and tried as a final night would try it. HAProxy (TLS, health checks, a warm connection pool) in front of
// three Ovation instances running the compiled build with NODE_ENV=production, PostgreSQL (a new database
// on the machine's server), a Redis of its own and Prometheus scraping every instance. Through the balancer:
// a fan registers, verifies by mail and votes; an admin uploads a cover that every instance serves; one
// instance is killed with SIGKILL mid-vote and voting goes on (no 5xx beyond the requests in flight, every
// 201 stored once); Redis is stopped and votes still go through; an instance drained with SIGTERM loses
// nothing; Prometheus shows every instance up and the votes counted, and answers every query of the Grafana
// dashboard. Everything it started is stopped and its database dropped, even when a check fails.
//
// Installs what is missing from Debian's packages (haproxy, prometheus, redis-server, openssl) when run as
// root; builds the app when its build is missing or stale. Bounded: about a minute and a half.
//
// `npm run stack:test -- --hold` keeps the stack running after the checks (until Ctrl-C) and says how to
// reach it, for a look in a browser or `BENCH_TARGET=… npm run bench` against the balancer.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { startSession } from '../apps/server/src/features/sessions/service';
import { systemClock } from '../apps/server/src/lib/clock';
import { openDatabase, rowsOf } from '../apps/server/src/lib/db';
import { solveAltcha } from '../apps/server/src/test/captcha';
import { createCategory, createSong, createUser } from '../apps/server/src/test/factories';
import { pickFreePort } from '../apps/server/src/test/ports';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { ensureBuilt } from '../scripts/build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const INSTANCES = 3;
/** Fans voting in the kill run, each once in each category. */
const FANS = 240;
const CATEGORIES = 4;
/** Votes in flight at once through the balancer. */
const CONCURRENCY = 40;
/** The whole test stops itself after this, whatever happens. */
const DEADLINE_MS = 5 * 60_000;
const ADMIN = { email: 'crew@stack.test', name: 'Stack Crew', password: 'lantern savanna orbit drumbeat' };

const started = Date.now();
const hold = process.argv.includes('--hold');
const step = (message: string) =>
  console.log(`  ✓ ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`check failed: ${message}`);
}

// ---------------------------------------------------------------------------------------------------------
// Parts: tools, ports, processes.

const PACKAGES: Record<string, string> = {
  haproxy: 'haproxy',
  prometheus: 'prometheus',
  'redis-server': 'redis-server',
  openssl: 'openssl',
};

function which(tool: string) {
  for (const folder of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/sbin'])) {
    const candidate = path.join(folder, tool);
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

function installMissingTools() {
  const missing = Object.keys(PACKAGES).filter((tool) => !which(tool));
  if (missing.length === 0) return;
  const packages = missing.map((tool) => PACKAGES[tool]!);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing ${missing.join(', ')}: run \`apt-get install -y ${packages.join(' ')}\` as root first`,
    );
  }
  console.log(`  installing ${packages.join(', ')} from Debian's packages…`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: environment });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environment,
  });
}

interface Managed {
  name: string;
  child: ChildProcess;
  log: string;
}

/** Every process the test starts, each logging to its own file; all stopped at the end. */
class Processes {
  private readonly running = new Map<string, Managed>();
  constructor(private readonly logDir: string) {}

  start(
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
    cwd = root,
  ): Managed {
    const log = path.join(this.logDir, `${name}.log`);
    const out = fs.openSync(log, 'a');
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const managed = { name, child, log };
    this.running.set(name, managed);
    return managed;
  }

  get(name: string) {
    const managed = this.running.get(name);
    if (!managed) throw new Error(`no process ${name}`);
    return managed;
  }

  async stop(name: string, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000) {
    const managed = this.running.get(name);
    if (!managed) return;
    this.running.delete(name);
    await stopChild(managed.child, signal, timeoutMs);
  }

  async stopAll() {
    await Promise.all([...this.running.keys()].map((name) => this.stop(name, 'SIGTERM', 8000)));
  }

  tails(lines = 15) {
    return fs
      .readdirSync(this.logDir)
      .map((file) => {
        const text = fs.readFileSync(path.join(this.logDir, file), 'utf8').trimEnd().split('\n');
        return `--- ${file} (last ${lines} lines)\n${text.slice(-lines).join('\n')}`;
      })
      .join('\n');
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

// ---------------------------------------------------------------------------------------------------------
// HTTP: through the balancer over TLS (trusting the test's own certificate), or straight to an instance.

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field by the checks
  json(): any;
}

function request(
  url: string,
  options: {
    method?: string;
    body?: unknown;
    raw?: { bytes: Buffer; type: string };
    token?: string;
    agent?: https.Agent;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const headers: Record<string, string> = {};
  let payload: Buffer | undefined;
  if (options.raw) {
    payload = options.raw.bytes;
    headers['content-type'] = options.raw.type;
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      target,
      { method: options.method ?? 'GET', headers, agent: options.agent, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timeout: ${url}`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/**
 * A production install, as docs/operations.md makes one: the repository's files and this checkout's build
 * in a folder of their own, then `npm ci --omit=dev` (no TypeScript, no bundler, no test tools). The
 * instances and the operator's commands run from there, so a dependency the compiled server needs but
 * only a development install has fails here. `--from-checkout` skips it (runs from this checkout).
 */
async function prepareRelease(work: string): Promise<string> {
  if (process.argv.includes('--from-checkout')) return root;
  const release = path.join(work, 'release');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  for (const file of files) {
    await fsp.mkdir(path.dirname(path.join(release, file)), { recursive: true });
    await fsp.copyFile(path.join(root, file), path.join(release, file));
  }
  for (const built of ['apps/server/dist', 'apps/web/dist'])
    await fsp.cp(path.join(root, built), path.join(release, built), { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: release,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return release;
}

async function multipart(form: FormData) {
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  installMissingTools();
  ensureBuilt(['server', 'web']);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'ovation-stack-'));
  const logDir = path.join(work, 'logs');
  await fsp.mkdir(logDir);
  const processes = new Processes(logDir);
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const databaseName = `ovation_stack_${randomBytes(4).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();
  const smtp = await startSmtpSink();
  let failed = false;
  const stopEverything = async () => {
    await processes.stopAll();
    await smtp.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
    if (!failed || !process.env.STACK_KEEP) await fsp.rm(work, { recursive: true, force: true });
  };
  const deadline = setTimeout(() => {
    if (hold) return;
    console.error(`stack test: over ${DEADLINE_MS / 1000} s, stopping`);
    failed = true;
    void stopEverything().finally(() => process.exit(1));
  }, DEADLINE_MS);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      failed = true;
      void stopEverything().finally(() => process.exit(130));
    });
  }
  try {
    const running = await run({ work, processes, databaseUrl, serverUrl, databaseName, smtp });
    console.log(`stack test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (hold) await holdUntilInterrupted(running);
  } catch (error) {
    failed = true;
    console.error(`\nstack test failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    console.error(processes.tails());
  } finally {
    clearTimeout(deadline);
    await stopEverything();
  }
  return failed ? 1 : 0;
}

/** Keeps everything running until Ctrl-C, with what a person or the bench needs to reach it. */
async function holdUntilInterrupted(running: Running) {
  await running.restartStopped();
  console.log(`
The stack keeps running until Ctrl-C:
  the balancer   ${running.publicUrl}  (certificate: ${running.certificate})
  an admin       ${ADMIN.email} / ${ADMIN.password}
  Prometheus     ${running.prometheusUrl}
  HAProxy stats  ${running.statsUrl}
  the database   ${running.databaseUrl}
Bench the vote runs through the balancer:
  NODE_EXTRA_CA_CERTS=${running.certificate} BENCH_TARGET=${running.publicUrl} DATABASE_URL=${running.databaseUrl} npm run bench
`);
  await new Promise(() => undefined);
}

interface Running {
  publicUrl: string;
  certificate: string;
  prometheusUrl: string;
  statsUrl: string;
  databaseUrl: string;
  /** Starts again the instances the checks stopped. */
  restartStopped(): Promise<void>;
}

interface Stack {
  work: string;
  processes: Processes;
  databaseUrl: string;
  serverUrl: string;
  databaseName: string;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
}

async function run({ work, processes, databaseUrl, serverUrl, databaseName, smtp }: Stack): Promise<Running> {
  const release = await prepareRelease(work);
  step(
    release === root
      ? 'running from this checkout'
      : 'a production install: the build and `npm ci --omit=dev` in a folder of its own',
  );
  // -- The parts: a database, secrets, a certificate, Redis.
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();

  const ports = {
    balancer: await pickFreePort(),
    stats: await pickFreePort(),
    redis: await pickFreePort(),
    prometheus: await pickFreePort(),
    instances: await Promise.all(Array.from({ length: INSTANCES }, pickFreePort)),
    metrics: await Promise.all(Array.from({ length: INSTANCES }, pickFreePort)),
  };
  const publicUrl = `https://localhost:${ports.balancer}`;
  const secretFile = path.join(work, 'session-secret');
  await fsp.writeFile(secretFile, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  const key = path.join(work, 'tls.key');
  const certificate = path.join(work, 'tls.crt');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { stdio: 'ignore' },
  );
  const pem = path.join(work, 'haproxy.pem');
  await fsp.writeFile(pem, Buffer.concat([await fsp.readFile(certificate), await fsp.readFile(key)]), {
    mode: 0o600,
  });
  const agent = new https.Agent({
    ca: await fsp.readFile(certificate),
    keepAlive: true,
    maxSockets: CONCURRENCY,
  });
  const lb = (pathname: string, options: Parameters<typeof request>[1] = {}) =>
    request(`${publicUrl}${pathname}`, { agent, ...options });

  const startRedis = () =>
    processes.start('redis', which('redis-server')!, [
      '--port',
      String(ports.redis),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      work,
    ]);
  startRedis();
  await waitFor('Redis', async () => {
    const socket = net.connect(ports.redis, '127.0.0.1');
    return new Promise<boolean>((resolve) => {
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  });
  step('PostgreSQL database, Redis, TLS certificate and secrets ready');

  // -- The release steps, on the compiled build, as an operator runs them.
  const production: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    SESSION_SECRET_FILE: secretFile,
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Ovation <no-reply@stack.test>',
    MIGRATE_ON_START: 'false',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
  };
  const cli = (args: string[], input = '') =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/cli.mjs', ...args], { cwd: release, env: production });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`${args[0]} failed:\n${output}`)),
      );
      child.stdin.end(input);
    });
  check(/Applied \d+ migration/.test(await cli(['db:migrate'])), 'db:migrate applies the migrations');
  check(
    /Created the admin/.test(
      await cli(['admin:create', '--email', ADMIN.email, '--name', ADMIN.name], `${ADMIN.password}\n`),
    ),
    'admin:create creates the first admin',
  );
  step('release steps: npm run db:migrate, npm run admin:create');

  // -- Three instances, HAProxy in front, Prometheus scraping them.
  const instanceEnvironment = (index: number): NodeJS.ProcessEnv => ({
    ...production,
    PORT: String(ports.instances[index]),
    HOST: '127.0.0.1',
    METRICS_PORT: String(ports.metrics[index]),
    INSTANCE_NAME: `ovation-${index + 1}`,
    // Readiness says 503 this long before the listener closes: longer than HAProxy needs to notice (2 × 1 s).
    SHUTDOWN_DELAY_MS: '2500',
    // Above HAProxy's keep-alive, so the balancer closes idle connections, never the instance under it.
    KEEP_ALIVE_TIMEOUT_MS: '65000',
    WEB_DIST: path.join(release, 'apps/web/dist'),
  });
  const startInstance = (index: number) =>
    processes.start(
      `ovation-${index + 1}`,
      process.execPath,
      ['--enable-source-maps', 'apps/server/dist/main.js'],
      instanceEnvironment(index),
      release,
    );
  const instanceUrl = (index: number) => `http://127.0.0.1:${ports.instances[index]}`;
  const instanceReady = (index: number) =>
    waitFor(
      `instance ${index + 1} ready`,
      async () => (await request(`${instanceUrl(index)}/api/health/ready`)).status === 200,
    );
  for (let index = 0; index < INSTANCES; index++) startInstance(index);
  await Promise.all(Array.from({ length: INSTANCES }, (_, index) => instanceReady(index)));
  const live = (await request(`${instanceUrl(0)}/api/health/live`)).json().data;
  check(
    live.commit ===
      JSON.parse(await fsp.readFile(path.join(root, 'apps/server/dist/build-info.json'), 'utf8')).commit,
    'the instances run the compiled build',
  );
  step(`${INSTANCES} instances ready (NODE_ENV=production, compiled build ${live.commit.slice(0, 12)})`);

  processes.start(
    'haproxy',
    which('haproxy')!,
    ['-db', '-f', path.join(root, 'deploy/haproxy/haproxy.cfg')],
    {
      ...process.env,
      OVATION_LB_BIND: `127.0.0.1:${ports.balancer}`,
      OVATION_TLS_PEM: pem,
      OVATION_STATS_BIND: `127.0.0.1:${ports.stats}`,
      ...Object.fromEntries(
        ports.instances.map((port, index) => [`OVATION_${index + 1}`, `127.0.0.1:${port}`]),
      ),
    },
  );
  const activeServers = async () => {
    const text = (await request(`http://127.0.0.1:${ports.stats}/metrics`)).body.toString('utf8');
    const line = text
      .split('\n')
      .find((candidate) => candidate.startsWith('haproxy_backend_active_servers{proxy="ovation"}'));
    return line ? Number(line.split(' ').pop()) : -1;
  };
  await waitFor('HAProxy to see every instance up', async () => (await activeServers()) === INSTANCES);

  const prometheusDir = path.join(work, 'prometheus');
  await fsp.mkdir(path.join(prometheusDir, 'targets'), { recursive: true });
  const prometheusConfig = (await fsp.readFile(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8'))
    .replace('scrape_interval: 5s', 'scrape_interval: 1s')
    .replace('evaluation_interval: 5s', 'evaluation_interval: 1s');
  await fsp.writeFile(path.join(prometheusDir, 'prometheus.yml'), prometheusConfig);
  await fsp.copyFile(path.join(root, 'deploy/prometheus/alerts.yml'), path.join(prometheusDir, 'alerts.yml'));
  const targets = (list: string[]) =>
    JSON.stringify([{ targets: list, labels: { deployment: 'stack-test' } }]);
  await fsp.writeFile(
    path.join(prometheusDir, 'targets/ovation.json'),
    targets(ports.metrics.map((port) => `127.0.0.1:${port}`)),
  );
  await fsp.writeFile(
    path.join(prometheusDir, 'targets/haproxy.json'),
    targets([`127.0.0.1:${ports.stats}`]),
  );
  processes.start('prometheus', which('prometheus')!, [
    `--config.file=${path.join(prometheusDir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(prometheusDir, 'data')}`,
    `--web.listen-address=127.0.0.1:${ports.prometheus}`,
  ]);
  const promql = async (query: string) => {
    const answer = await request(
      `http://127.0.0.1:${ports.prometheus}/api/v1/query?query=${encodeURIComponent(query)}`,
    );
    const parsed = answer.json();
    if (parsed.status !== 'success') throw new Error(`Prometheus refused ${query}: ${parsed.error}`);
    return parsed.data.result as Array<{ metric: Record<string, string>; value: [number, string] }>;
  };
  const instancesUp = async () => (await promql('up{job="ovation"} == 1')).length;
  await waitFor(
    'Prometheus to scrape every instance',
    async () => (await instancesUp()) === INSTANCES,
    45_000,
  );
  step('HAProxy sees 3 ready instances; Prometheus scrapes 3 instances up');

  // -- A fan registers, verifies by mail and votes; an admin uploads a cover every instance serves.
  check((await lb('/api/health/ready')).status === 200, 'readiness through the balancer');
  const home = await lb('/');
  check(
    home.status === 200 && String(home.headers['content-type']).startsWith('text/html'),
    'the home page through the balancer',
  );
  check((await lb('/metrics')).status === 404, 'the balancer never serves /metrics');

  const signIn = async (email: string, password: string) => {
    const answer = await lb('/api/auth/login', { method: 'POST', body: { email, password } });
    check(answer.status === 200, `sign-in of ${email}: ${answer.body}`);
    return answer.json().token as string;
  };
  const adminToken = await signIn(ADMIN.email, ADMIN.password);
  check(
    (await lb('/api/admin/jobs', { token: adminToken })).status === 200,
    'the admin reaches the back-office',
  );
  check(
    (
      await lb('/api/voting-settings', {
        method: 'PUT',
        token: adminToken,
        body: { isEnabled: true, startDate: null, endDate: null },
      })
    ).status === 200,
    'the admin opens voting',
  );

  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    const categories = [];
    for (let index = 0; index < CATEGORIES; index++)
      categories.push(await createCategory(database.db, { name: `Stack Category ${index + 1}` }));
    const songsByCategory: Array<Array<{ id: string }>> = [];
    for (const category of categories) {
      const songs: Array<{ id: string }> = [];
      for (let index = 0; index < 3; index++)
        songs.push(await createSong(database.db, { categoryId: category.id, status: 'approved' }));
      songsByCategory.push(songs);
    }

    const cover = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#9a3412' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
    form.append('title', 'Through The Balancer');
    form.append('artist', 'Stack Band');
    form.append('category', categories[0]!.id);
    form.append('songLink', 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm');
    const uploaded = await lb('/api/songs', {
      method: 'POST',
      token: adminToken,
      raw: await multipart(form),
    });
    check(uploaded.status === 201, `the admin uploads a song with its cover: ${uploaded.body}`);
    const coverUrls = (uploaded.json().data.cover.srcSet as string)
      .split(', ')
      .map((entry) => entry.split(' ')[0]!);
    for (const url of coverUrls) {
      const copies = await Promise.all(
        ports.instances.map((_, index) => request(`${instanceUrl(index)}${url}`)),
      );
      check(
        copies.every((copy) => copy.status === 200 && copy.headers['content-type'] === 'image/webp'),
        `every instance serves ${url}`,
      );
      check(
        copies.every((copy) => copy.body.equals(copies[0]!.body)),
        `every instance serves the same bytes of ${url}`,
      );
    }
    step(`the admin's cover (${coverUrls.length} sizes) is served by all ${INSTANCES} instances`);

    const fan = { name: 'Amara Stack', email: 'amara@stack.test', password: 'secret123' };
    const challenge = (await lb('/api/captcha/challenge')).json();
    const registered = await lb('/api/auth/register', {
      method: 'POST',
      body: {
        ...fan,
        phoneNumber: '+234 803 123 4567',
        country: 'Nigeria',
        state: 'Lagos',
        role: 'fan',
        captchaToken: await solveAltcha(challenge),
      },
    });
    check(registered.status === 201, `the fan registers: ${registered.body}`);
    const code = await smtp.latestCode(fan.email);
    const verified = await lb('/api/auth/verify-email', {
      method: 'POST',
      body: { email: fan.email, otp: code },
    });
    check(verified.status === 200, `the fan verifies with the mailed code: ${verified.body}`);
    const fanToken = (verified.json().token as string | undefined) ?? (await signIn(fan.email, fan.password));
    const songId = uploaded.json().data._id as string;
    const voteChallenge = (await lb('/api/captcha/challenge')).json();
    const voted = await lb('/api/votes', {
      method: 'POST',
      token: fanToken,
      body: { songId, captchaToken: await solveAltcha(voteChallenge) },
    });
    check(voted.status === 201, `the fan votes: ${voted.body}`);
    step('a fan registered, verified the mailed code and voted, all through the balancer');

    // -- Many fans vote; one instance is killed with SIGKILL in the middle.
    const settings = (await lb('/api/admin/settings', { token: adminToken })).json().data;
    settings.securitySettings.requireCaptcha = false;
    check(
      (await lb('/api/admin/settings', { method: 'PUT', token: adminToken, body: settings })).status === 200,
      'the admin turns the CAPTCHA off',
    );
    /** A verified fan with a session, made in the database (many fans, without a mail each). */
    const signedInFan = async () => {
      const user = await createUser(database.db, { role: 'fan', emailVerified: true });
      const meta = {
        ip: '127.0.0.1',
        userAgent: 'stack-test',
        deviceType: 'desktop' as const,
        ipPrefix: '127.0.0.0/24',
      };
      const session = await startSession(database.db, systemClock, user.id, {
        ...meta,
        deviceSignature: null,
        deviceId: null,
        country: null,
      });
      return { token: session.token, userId: user.id };
    };
    const ballots: Array<{ token: string; userId: string; songId: string }> = [];
    for (let index = 0; index < FANS; index++) {
      const { token, userId } = await signedInFan();
      for (const songs of songsByCategory)
        ballots.push({ token, userId, songId: songs[index % songs.length]!.id });
    }

    const vote = async (ballot: (typeof ballots)[number]) => {
      try {
        const answer = await lb('/api/votes', {
          method: 'POST',
          token: ballot.token,
          body: { songId: ballot.songId },
        });
        return {
          ballot,
          status: answer.status,
          voteId: answer.status === 201 ? (answer.json().data.voteId as string) : undefined,
        };
      } catch {
        return { ballot, status: 0, voteId: undefined };
      }
    };
    let inFlight = 0;
    let inFlightAtKill = -1;
    const answers: Awaited<ReturnType<typeof vote>>[] = [];
    const queue = [...ballots];
    const killAfter = Math.floor(ballots.length / 3);
    const killed = processes.get('ovation-2');
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let ballot = queue.shift(); ballot; ballot = queue.shift()) {
          inFlight++;
          const answer = await vote(ballot);
          inFlight--;
          answers.push(answer);
          if (answers.length === killAfter) {
            inFlightAtKill = inFlight;
            killed.child.kill('SIGKILL');
          }
        }
      }),
    );
    const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0);
    const others = answers.filter((answer) => answer.status !== 201 && !serverErrors.includes(answer));
    check(killed.child.signalCode === 'SIGKILL' || killed.child.exitCode !== null, 'instance 2 was killed');
    check(
      others.length === 0,
      `every vote is 201 or a failure of the killed instance: ${JSON.stringify(others.slice(0, 3).map((answer) => answer.status))}`,
    );
    check(
      serverErrors.length <= inFlightAtKill,
      `5xx (${serverErrors.length}) only for requests in flight at the kill (${inFlightAtKill})`,
    );
    // The fans whose vote failed press Vote again: each lands once (201), or was stored before the kill (409).
    const resent = await Promise.all(serverErrors.map((answer) => vote(answer.ballot)));
    check(
      resent.every((answer) => answer.status === 201 || answer.status === 409),
      'the votes sent again are stored once',
    );
    const acknowledged = [...answers, ...resent].filter((answer) => answer.status === 201);
    const stored = rowsOf<{ id: string; user_id: string; song_id: string }>(
      await database.db.execute(
        sql`select id::text, user_id, song_id from votes where status = 'valid' and user_id <> (select id from users where email = ${fan.email})`,
      ),
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    check(
      stored.length === ballots.length,
      `one vote per ballot stored (${stored.length} of ${ballots.length})`,
    );
    check(
      acknowledged.every(
        (answer) =>
          byId.get(answer.voteId!)?.user_id === answer.ballot.userId &&
          byId.get(answer.voteId!)?.song_id === answer.ballot.songId,
      ),
      'every vote answered 201 is stored, as cast',
    );
    const [totals] = rowsOf<{ off: number }>(
      await database.db.execute(sql`select count(*)::int as off from songs s
        where (select count(*) from votes v where v.song_id = s.id and v.status = 'valid')
           <> coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)`),
    );
    check(totals!.off === 0, 'every song total equals its valid vote rows');
    step(
      `${ballots.length} votes through the balancer, instance 2 killed with SIGKILL after ${killAfter}: ` +
        `${serverErrors.length} failed (${inFlightAtKill} were in flight), all stored once after a second press`,
    );

    const accepted = await promql('sum(ovation_votes_total{outcome="accepted"})');
    check(accepted.length === 1 && Number(accepted[0]!.value[1]) > 0, 'Prometheus counts the votes');
    startInstance(1);
    await instanceReady(1);
    await waitFor('HAProxy to take instance 2 back', async () => (await activeServers()) === INSTANCES);
    await waitFor(
      'Prometheus to see instance 2 up again',
      async () => (await instancesUp()) === INSTANCES,
      30_000,
    );
    step(
      `Prometheus: ${Math.round(Number(accepted[0]!.value[1]))} accepted votes counted; instance 2 restarted and back up`,
    );

    // -- Redis stops: every instance says not ready, the balancer falls back to the live ones, votes go on.
    const extraFans = [];
    for (let index = 0; index < 6; index++) extraFans.push(await signedInFan());
    await processes.stop('redis');
    await waitFor('every instance to report Redis down', async () => {
      const answers = await Promise.all(
        ports.instances.map((_, index) => request(`${instanceUrl(index)}/api/health/ready`)),
      );
      return answers.every((answer) => answer.status === 503 && answer.json().data.redis === 'down');
    });
    await waitFor('HAProxy to find no ready instance', async () => (await activeServers()) === 0);
    const withoutRedis = await Promise.all(
      extraFans
        .slice(0, 3)
        .map((extra, index) => vote({ ...extra, songId: songsByCategory[0]![index % 3]!.id })),
    );
    check(
      withoutRedis.every((answer) => answer.status === 201),
      `votes go on without Redis: ${withoutRedis.map((answer) => answer.status)}`,
    );
    startRedis();
    await waitFor(
      'HAProxy to see the instances ready again',
      async () => (await activeServers()) === INSTANCES,
      40_000,
    );
    step('Redis stopped: instances not ready, the balancer served the live ones, votes went on; Redis back');

    // -- An instance drained with SIGTERM (a deploy) while fans vote: no request fails.
    const drainBallots = extraFans
      .slice(3)
      .flatMap((extra) => songsByCategory.slice(1).map((songs) => ({ ...extra, songId: songs[0]!.id })));
    const draining = processes.stop('ovation-3', 'SIGTERM', 20_000);
    const drained = [];
    for (const ballot of drainBallots) {
      drained.push(await vote(ballot));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await draining;
    check(
      drained.every((answer) => answer.status === 201),
      `no vote fails while an instance drains: ${drained.map((answer) => answer.status)}`,
    );
    step(`instance 3 drained with SIGTERM during ${drained.length} votes: none failed`);
  } finally {
    await database.close();
  }

  // -- Every query of the Grafana dashboard is one Prometheus accepts.
  const dashboard = JSON.parse(
    await fsp.readFile(path.join(root, 'deploy/grafana/ovation-night.json'), 'utf8'),
  );
  const expressions: string[] = dashboard.panels.flatMap((panel: { targets?: Array<{ expr: string }> }) =>
    (panel.targets ?? []).map((target) => target.expr),
  );
  for (const expression of expressions) await promql(expression);
  const rules = (await request(`http://127.0.0.1:${ports.prometheus}/api/v1/rules`)).json();
  const loaded = rules.data.groups.flatMap((group: { rules: unknown[] }) => group.rules).length;
  check(loaded > 0, 'Prometheus loaded the alert rules');
  step(`Prometheus answers all ${expressions.length} dashboard queries and loaded ${loaded} alert rules`);
  return {
    publicUrl,
    certificate,
    prometheusUrl: `http://127.0.0.1:${ports.prometheus}`,
    statsUrl: `http://127.0.0.1:${ports.stats}/`,
    databaseUrl,
    async restartStopped() {
      startInstance(2);
      await instanceReady(2);
    },
  };
}

process.exit(await main());
