// Starts the production topology of deploy/ on loopback: a new PostgreSQL database, a Redis of its own, a
// self-signed certificate and secrets in files, the release steps (db:migrate, admin:create) run from a
// production install, three instances of the compiled build with NODE_ENV=production, HAProxy with
// deploy/haproxy/haproxy.cfg and Prometheus with deploy/prometheus/. Answers handles on all of it.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { createEmptyDatabase } from '../../apps/server/src/test/database';
import { pickFreePort } from '../../apps/server/src/test/ports';
import type { startSmtpSink } from '../../apps/server/src/test/smtp-sink';
import { type Answer, type RequestOptions, request } from './http';
import { check, type Processes, prepareRelease, root, waitFor, which } from './parts';

export const INSTANCES = 3;
/** Votes in flight at once through the balancer, and the client's connections to it. */
export const CONCURRENCY = 40;
export const ADMIN = {
  email: 'crew@stack.test',
  name: 'Stack Crew',
  password: 'lantern savanna orbit drumbeat',
};
/** The instances serve /metrics on the public port too, to this token: the balancer must still refuse it. */
export const METRICS_TOKEN = 'stack-metrics-token-0123456789abcdef';
/** Readiness says 503 this long before an instance's listener closes: more than HAProxy needs (2 × 1 s). */
export const SHUTDOWN_DELAY_MS = 2500;

export interface Topology {
  release: string;
  publicUrl: string;
  certificate: string;
  databaseUrl: string;
  prometheusUrl: string;
  statsUrl: string;
  /** A request through the balancer, over TLS. */
  lb(pathname: string, options?: RequestOptions): Promise<Answer>;
  instanceUrl(index: number): string;
  startInstance(index: number): void;
  instanceReady(index: number): Promise<unknown>;
  startRedis(): void;
  /** Instances HAProxy sends traffic to (their readiness answers 200). */
  activeServers(): Promise<number>;
  /** Ovation instances Prometheus scrapes as up. */
  instancesUp(): Promise<number>;
  promql(query: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>>;
  /** Drops the database (the processes are stopped by their owner). */
  drop(): Promise<void>;
}

async function portAnswers(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  return new Promise<boolean>((resolve) => {
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A self-signed certificate for localhost; HAProxy takes the chain and the key in one PEM file. */
async function makeCertificate(work: string) {
  const key = path.join(work, 'tls.key');
  const certificate = path.join(work, 'tls.crt');
  // biome-ignore format: openssl's arguments read best in pairs
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
    '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', certificate,
  ], { stdio: 'ignore' });
  const pem = path.join(work, 'haproxy.pem');
  await fsp.writeFile(pem, Buffer.concat([await fsp.readFile(certificate), await fsp.readFile(key)]), {
    mode: 0o600,
  });
  return { certificate, pem };
}

export async function startTopology(options: {
  work: string;
  processes: Processes;
  smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  step(message: string): void;
}): Promise<Topology> {
  const { work, processes, smtp, step } = options;
  const release = await prepareRelease(work);
  step(
    release === root
      ? 'running from this checkout'
      : 'a production install: the build and `npm ci --omit=dev` in a folder of its own',
  );

  const database = await createEmptyDatabase(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  );
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
  const { certificate, pem } = await makeCertificate(work);
  const agent = new https.Agent({
    ca: await fsp.readFile(certificate),
    keepAlive: true,
    maxSockets: CONCURRENCY,
  });
  const lb = (pathname: string, requestOptions: RequestOptions = {}) =>
    request(`${publicUrl}${pathname}`, { agent, ...requestOptions });

  const startRedis = () => {
    // biome-ignore format: redis-server's arguments read best in pairs
    processes.start('redis', which('redis-server')!, [
      '--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', work,
    ]);
  };
  startRedis();
  await waitFor('Redis', () => portAnswers(ports.redis));
  step('PostgreSQL database, Redis, TLS certificate and secrets ready');

  // The release steps, on the compiled build of the production install, as an operator runs them.
  const production: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    REDIS_URL: `redis://127.0.0.1:${ports.redis}`,
    SESSION_SECRET_FILE: secretFile,
    PUBLIC_URL: publicUrl,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Ovation <no-reply@stack.test>',
    MIGRATE_ON_START: 'false',
    TRUST_PROXY: '127.0.0.1',
    // HAProxy is not Cloudflare: no country header is believed (and the balancer drops a client's).
    COUNTRY_HEADER: '',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(work, 'data'),
  };
  const cli = (args: string[], input = '') =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/cli.mjs', ...args], { cwd: release, env: production });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      child.on('exit', (code) =>
        code === 0 ? resolve(output) : reject(new Error(`${args[0]} failed:\n${output}`)),
      );
      child.stdin.end(input);
    });
  check(/Applied \d+ migration/.test(await cli(['db:migrate'])), 'db:migrate applies the migrations');
  const created = await cli(
    ['admin:create', '--email', ADMIN.email, '--name', ADMIN.name],
    `${ADMIN.password}\n`,
  );
  check(/Created the admin/.test(created), 'admin:create creates the first admin');
  step('release steps: npm run db:migrate, npm run admin:create');

  // Three instances, HAProxy in front, Prometheus scraping them.
  const instanceEnvironment = (index: number): NodeJS.ProcessEnv => ({
    ...production,
    PORT: String(ports.instances[index]),
    HOST: '127.0.0.1',
    METRICS_PORT: String(ports.metrics[index]),
    METRICS_TOKEN,
    INSTANCE_NAME: `ovation-${index + 1}`,
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    // Above HAProxy's keep-alive, so the balancer closes idle connections, never the instance under it.
    KEEP_ALIVE_TIMEOUT_MS: '65000',
    WEB_DIST: path.join(release, 'apps/web/dist'),
  });
  const startInstance = (index: number) => {
    processes.start(
      `ovation-${index + 1}`,
      process.execPath,
      ['--enable-source-maps', 'apps/server/dist/main.js'],
      instanceEnvironment(index),
      release,
    );
  };
  const instanceUrl = (index: number) => `http://127.0.0.1:${ports.instances[index]}`;
  const instanceReady = (index: number) =>
    waitFor(
      `instance ${index + 1} ready`,
      async () => (await request(`${instanceUrl(index)}/api/health/ready`)).status === 200,
    );
  for (let index = 0; index < INSTANCES; index++) startInstance(index);
  await Promise.all(Array.from({ length: INSTANCES }, (_, index) => instanceReady(index)));
  const live = (await request(`${instanceUrl(0)}/api/health/live`)).json().data;
  const built = JSON.parse(await fsp.readFile(path.join(root, 'apps/server/dist/build-info.json'), 'utf8'));
  check(live.commit === built.commit, 'the instances run the compiled build');
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
  const prometheusUrl = `http://127.0.0.1:${ports.prometheus}`;
  const promql = async (query: string) => {
    const answer = await request(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(query)}`);
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

  return {
    release,
    publicUrl,
    certificate,
    databaseUrl: database.url,
    prometheusUrl,
    statsUrl: `http://127.0.0.1:${ports.stats}/`,
    lb,
    instanceUrl,
    startInstance,
    instanceReady,
    startRedis,
    activeServers,
    instancesUp,
    promql,
    drop: database.drop,
  };
}
