// `npm run stack:test`: the production topology of deploy/, started for real on this machine's loopback
// (deploy/stack/topology.ts) and tried as a final night would try it. HAProxy (TLS, health checks, a warm
// connection pool) in front of three Ovation instances running a production install of the compiled build
// with NODE_ENV=production, PostgreSQL (a new database on the machine's server), a Redis of its own and
// Prometheus scraping every instance. Through the balancer: a fan registers, verifies by mail and votes; an
// admin uploads a cover that every instance serves; one instance is killed with SIGKILL mid-vote and voting
// goes on (no 5xx beyond the requests in flight, every 201 stored once); Redis is stopped and votes still go
// through; an instance drained with SIGTERM loses nothing; Prometheus shows every instance up and the votes
// counted, and answers every query of the Grafana dashboard. Everything it started is stopped and its
// database dropped, even when a check fails.
//
// Installs what is missing from Debian's packages (haproxy, prometheus, redis-server, openssl) when run as
// root; builds the app when its build is missing or stale. Bounded: about a minute and a half.
//
// `npm run stack:test -- --hold` keeps the stack running after the checks (until Ctrl-C) and says how to
// reach it, for a look in a browser or `BENCH_TARGET=… npm run bench` against the balancer.
// `--from-checkout` runs the instances from this checkout instead of a production install (faster).
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startSession } from '../apps/server/src/features/sessions/service';
import { systemClock } from '../apps/server/src/lib/clock';
import { type Database, openDatabase, rowsOf } from '../apps/server/src/lib/db';
import { solveAltcha } from '../apps/server/src/test/captcha';
import { createCategory, createSong, createUser } from '../apps/server/src/test/factories';
import { startSmtpSink } from '../apps/server/src/test/smtp-sink';
import { ensureBuilt } from '../scripts/build-state.mjs';
import { multipart, request } from './stack/http';
import { check, installMissingTools, Processes, root, waitFor } from './stack/parts';
import {
  ADMIN,
  CONCURRENCY,
  INSTANCES,
  METRICS_TOKEN,
  SHUTDOWN_DELAY_MS,
  startTopology,
  type Topology,
} from './stack/topology';

/** Fans voting in the kill run, each once in each category. */
const FANS = 240;
const CATEGORIES = 4;
/** The whole test stops itself after this, whatever happens. */
const DEADLINE_MS = 5 * 60_000;

const started = Date.now();
const hold = process.argv.includes('--hold');
const step = (message: string) =>
  console.log(`  ✓ ${message} (${((Date.now() - started) / 1000).toFixed(1)} s)`);

interface Ballot {
  token: string;
  userId: string;
  songId: string;
}
interface VoteAnswer {
  ballot: Ballot;
  status: number;
  voteId?: string;
}

/** What the checks share: the stack, a database connection for data and counts, the admin's session. */
interface Scene {
  stack: Topology;
  processes: Processes;
  db: Database;
  adminToken: string;
  songsByCategory: Array<Array<{ id: string; categoryId: string }>>;
  vote(ballot: Ballot): Promise<VoteAnswer>;
  /** A verified fan with a session, made in the database (many fans, without a mail each). */
  signedInFan(): Promise<{ token: string; userId: string }>;
}

async function main() {
  installMissingTools();
  ensureBuilt(['server', 'web']);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'ovation-stack-'));
  const logDir = path.join(work, 'logs');
  await fsp.mkdir(logDir);
  const processes = new Processes(logDir);
  const smtp = await startSmtpSink();
  let stack: Topology | undefined;
  let failed = false;
  const stopEverything = async () => {
    await processes.stopAll();
    await smtp.close();
    await stack?.drop();
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
    stack = await startTopology({ work, processes, smtp, step });
    await runChecks(stack, processes, smtp);
    console.log(`stack test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (hold) await holdUntilInterrupted(stack);
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

async function runChecks(
  stack: Topology,
  processes: Processes,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
) {
  const { lb } = stack;
  check((await lb('/api/health/ready')).status === 200, 'readiness through the balancer');
  const home = await lb('/');
  check(home.status === 200 && String(home.headers['content-type']).startsWith('text/html'), 'the home page');
  // The instances serve /metrics to the token; the balancer refuses it to anyone, token or not.
  const direct = await request(`${stack.instanceUrl(0)}/metrics`, { token: METRICS_TOKEN });
  check(
    direct.status === 200 && direct.body.includes('ovation_build_info'),
    'an instance serves /metrics to the token',
  );
  check(
    (await lb('/metrics', { token: METRICS_TOKEN })).status === 404,
    'the balancer never serves /metrics',
  );

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
  const opened = await lb('/api/voting-settings', {
    method: 'PUT',
    token: adminToken,
    body: { isEnabled: true, startDate: null, endDate: null },
  });
  check(opened.status === 200, 'the admin opens voting');

  const database = await openDatabase({ databaseUrl: stack.databaseUrl, dataDir: 'memory://' });
  try {
    const songsByCategory: Scene['songsByCategory'] = [];
    for (let index = 0; index < CATEGORIES; index++) {
      const category = await createCategory(database.db, { name: `Stack Category ${index + 1}` });
      const songs = [];
      for (let song = 0; song < 3; song++)
        songs.push(await createSong(database.db, { categoryId: category.id }));
      songsByCategory.push(songs);
    }
    const scene: Scene = {
      stack,
      processes,
      db: database.db,
      adminToken,
      songsByCategory,
      async vote(ballot) {
        try {
          const answer = await lb('/api/votes', {
            method: 'POST',
            token: ballot.token,
            body: { songId: ballot.songId },
          });
          return {
            ballot,
            status: answer.status,
            voteId: answer.status === 201 ? answer.json().data.voteId : undefined,
          };
        } catch {
          return { ballot, status: 0 };
        }
      },
      async signedInFan() {
        const user = await createUser(database.db, { role: 'fan', emailVerified: true });
        const session = await startSession(database.db, systemClock, user.id, {
          ip: '127.0.0.1',
          userAgent: 'stack-test',
          deviceType: 'desktop',
          ipPrefix: '127.0.0.0/24',
          deviceSignature: null,
          deviceId: null,
          country: null,
        });
        return { token: session.token, userId: user.id };
      },
    };
    const fanEmail = await checkFanAndCover(scene, smtp, signIn);
    await checkKillMidVote(scene, fanEmail);
    await checkRedisDown(scene);
    await checkDrain(scene);
  } finally {
    await database.close();
  }
  await checkDashboard(stack);
}

/** An admin's cover is served by every instance; a fan registers, verifies by mail and votes. */
async function checkFanAndCover(
  scene: Scene,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  signIn: (email: string, password: string) => Promise<string>,
) {
  const { stack } = scene;
  const cover = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#9a3412' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(cover)], { type: 'image/png' }), 'cover.png');
  form.append('title', 'Through The Balancer');
  form.append('artist', 'Stack Band');
  form.append('category', scene.songsByCategory[0]![0]!.categoryId);
  form.append('songLink', 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm');
  const uploaded = await stack.lb('/api/songs', {
    method: 'POST',
    token: scene.adminToken,
    raw: await multipart(form),
  });
  check(uploaded.status === 201, `the admin uploads a song with its cover: ${uploaded.body}`);
  const coverUrls = (uploaded.json().data.cover.srcSet as string)
    .split(', ')
    .map((entry) => entry.split(' ')[0]!);
  for (const url of coverUrls) {
    const copies = await Promise.all(
      Array.from({ length: INSTANCES }, (_, index) => request(`${stack.instanceUrl(index)}${url}`)),
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
  const registered = await stack.lb('/api/auth/register', {
    method: 'POST',
    body: {
      ...fan,
      phoneNumber: '+234 803 123 4567',
      country: 'Nigeria',
      state: 'Lagos',
      role: 'fan',
      captchaToken: await solveAltcha((await stack.lb('/api/captcha/challenge')).json()),
    },
  });
  check(registered.status === 201, `the fan registers: ${registered.body}`);
  const code = await smtp.latestCode(fan.email);
  const verified = await stack.lb('/api/auth/verify-email', {
    method: 'POST',
    body: { email: fan.email, otp: code },
  });
  check(verified.status === 200, `the fan verifies with the mailed code: ${verified.body}`);
  const fanToken = (verified.json().token as string | undefined) ?? (await signIn(fan.email, fan.password));
  const voted = await stack.lb('/api/votes', {
    method: 'POST',
    token: fanToken,
    body: {
      songId: uploaded.json().data._id,
      captchaToken: await solveAltcha((await stack.lb('/api/captcha/challenge')).json()),
    },
  });
  check(voted.status === 201, `the fan votes: ${voted.body}`);
  step('a fan registered, verified the mailed code and voted, all through the balancer');

  // The load that follows signs in its fans directly and needs no CAPTCHA: the admin turns it off.
  const settings = (await stack.lb('/api/admin/settings', { token: scene.adminToken })).json().data;
  settings.securitySettings.requireCaptcha = false;
  const saved = await stack.lb('/api/admin/settings', {
    method: 'PUT',
    token: scene.adminToken,
    body: settings,
  });
  check(saved.status === 200, 'the admin turns the CAPTCHA off');
  return fan.email;
}

/**
 * 240 fans vote in 4 categories, 40 at a time, and instance 2 is killed with SIGKILL a third of the way
 * through: only requests in flight on it may fail; sent again, each lands once; every 201 is stored.
 */
async function checkKillMidVote(scene: Scene, fanEmail: string) {
  const { stack, processes } = scene;
  const ballots: Ballot[] = [];
  for (let index = 0; index < FANS; index++) {
    const { token, userId } = await scene.signedInFan();
    for (const songs of scene.songsByCategory)
      ballots.push({ token, userId, songId: songs[index % songs.length]!.id });
  }
  let inFlight = 0;
  let inFlightAtKill = -1;
  const answers: VoteAnswer[] = [];
  const queue = [...ballots];
  const killAfter = Math.floor(ballots.length / 3);
  const killed = processes.get('ovation-2');
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let ballot = queue.shift(); ballot; ballot = queue.shift()) {
        inFlight++;
        const answer = await scene.vote(ballot);
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
    `every vote is 201 or a failure of the killed instance: ${others.map((a) => a.status)}`,
  );
  check(
    serverErrors.length <= inFlightAtKill,
    `5xx (${serverErrors.length}) only for requests in flight at the kill (${inFlightAtKill})`,
  );
  // The fans whose vote failed press Vote again: each lands once (201), or was stored before the kill (409).
  const resent = await Promise.all(serverErrors.map((answer) => scene.vote(answer.ballot)));
  check(
    resent.every((answer) => answer.status === 201 || answer.status === 409),
    'the votes sent again are stored once',
  );
  const acknowledged = [...answers, ...resent].filter((answer) => answer.status === 201);
  const stored = rowsOf<{ id: string; user_id: string; song_id: string }>(
    await scene.db.execute(sql`select id::text, user_id, song_id from votes where status = 'valid'
      and user_id <> (select id from users where email = ${fanEmail})`),
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
    await scene.db.execute(sql`select count(*)::int as off from songs s
      where (select count(*) from votes v where v.song_id = s.id and v.status = 'valid')
         <> coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)`),
  );
  check(totals!.off === 0, 'every song total equals its valid vote rows');
  step(
    `${ballots.length} votes through the balancer, instance 2 killed with SIGKILL after ${killAfter}: ` +
      `${serverErrors.length} failed (${inFlightAtKill} were in flight), all stored once after a second press`,
  );

  const accepted = await stack.promql('sum(ovation_votes_total{outcome="accepted"})');
  check(accepted.length === 1 && Number(accepted[0]!.value[1]) > 0, 'Prometheus counts the votes');
  stack.startInstance(1);
  await stack.instanceReady(1);
  await waitFor('HAProxy to take instance 2 back', async () => (await stack.activeServers()) === INSTANCES);
  await waitFor(
    'Prometheus to see instance 2 up again',
    async () => (await stack.instancesUp()) === INSTANCES,
    30_000,
  );
  step(
    `Prometheus counted ${Math.round(Number(accepted[0]!.value[1]))} accepted votes; instance 2 restarted and back`,
  );
}

/** Redis stops: every instance says not ready, the balancer serves the live ones, votes go on. */
async function checkRedisDown(scene: Scene) {
  const { stack, processes } = scene;
  const fans = [];
  for (let index = 0; index < 3; index++) fans.push(await scene.signedInFan());
  await processes.stop('redis');
  await waitFor('every instance to report Redis down', async () => {
    const answers = await Promise.all(
      Array.from({ length: INSTANCES }, (_, index) =>
        request(`${stack.instanceUrl(index)}/api/health/ready`),
      ),
    );
    return answers.every((answer) => answer.status === 503 && answer.json().data.redis === 'down');
  });
  await waitFor('HAProxy to find no ready instance', async () => (await stack.activeServers()) === 0);
  const withoutRedis = await Promise.all(
    fans.map((fan, index) => scene.vote({ ...fan, songId: scene.songsByCategory[0]![index % 3]!.id })),
  );
  check(
    withoutRedis.every((answer) => answer.status === 201),
    `votes go on without Redis: ${withoutRedis.map((a) => a.status)}`,
  );
  stack.startRedis();
  await waitFor(
    'HAProxy to see the instances ready again',
    async () => (await stack.activeServers()) === INSTANCES,
    40_000,
  );
  step('Redis stopped: instances not ready, the balancer served the live ones, votes went on; Redis back');
}

/**
 * Instance 3 is stopped with SIGTERM (a deploy) while fans keep voting, through its readiness 503, the
 * close of its listener and its exit: no vote fails.
 */
async function checkDrain(scene: Scene) {
  const { processes } = scene;
  const ballots: Ballot[] = [];
  /** One more fan's ballots: a vote in each category (each fan has one vote per category). */
  const addFan = async () => {
    const fan = await scene.signedInFan();
    const index = ballots.length;
    for (const songs of scene.songsByCategory)
      ballots.push({ ...fan, songId: songs[index % songs.length]!.id });
  };
  for (let fans = 0; fans < 16; fans++) await addFan();
  const stopping = processes.get('ovation-3').child;
  const signalledAt = Date.now();
  let exitedAt = 0;
  const exited = new Promise<void>((resolve) =>
    stopping.once('exit', () => {
      exitedAt = Date.now();
      resolve();
    }),
  );
  const draining = processes.stop('ovation-3', 'SIGTERM', 20_000);
  const answers: Array<VoteAnswer & { sentAt: number }> = [];
  // Four fans at a time until the instance has exited, and a little after: however fast the votes go,
  // more fans sign in so votes keep arriving through the whole drain (never longer than the stop's limit).
  for (
    let next = 0;
    (exitedAt === 0 || Date.now() - exitedAt < 500) && Date.now() - signalledAt < 25_000;
    next += 4
  ) {
    while (ballots.length < next + 4) await addFan();
    const sentAt = Date.now();
    answers.push(
      ...(await Promise.all(ballots.slice(next, next + 4).map(scene.vote))).map((answer) => ({
        ...answer,
        sentAt,
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all([draining, exited]);
  const afterClose = answers.filter((answer) => answer.sentAt - signalledAt >= SHUTDOWN_DELAY_MS).length;
  check(exitedAt > 0, 'instance 3 exited');
  check(afterClose > 0, 'votes were sent after instance 3 began closing its listener');
  check(
    answers.every((answer) => answer.status === 201),
    `no vote fails while an instance drains: ${answers.map((a) => a.status)}`,
  );
  step(
    `instance 3 drained with SIGTERM (exit after ${((exitedAt - signalledAt) / 1000).toFixed(1)} s) during ${answers.length} votes, ${afterClose} after its listener began closing: none failed`,
  );
}

/** Every query of the Grafana dashboard is one Prometheus accepts, and the alert rules are loaded. */
async function checkDashboard(stack: Topology) {
  const dashboard = JSON.parse(
    await fsp.readFile(path.join(root, 'deploy/grafana/ovation-night.json'), 'utf8'),
  );
  const expressions: string[] = dashboard.panels.flatMap((panel: { targets?: Array<{ expr: string }> }) =>
    (panel.targets ?? []).map((target) => target.expr),
  );
  for (const expression of expressions) await stack.promql(expression);
  const rules = (await request(`${stack.prometheusUrl}/api/v1/rules`)).json();
  const loaded = rules.data.groups.flatMap((group: { rules: unknown[] }) => group.rules).length;
  check(loaded > 0, 'Prometheus loaded the alert rules');
  step(`Prometheus answers all ${expressions.length} dashboard queries and loaded ${loaded} alert rules`);
}

/** Keeps everything running until Ctrl-C, with what a person or the bench needs to reach it. */
async function holdUntilInterrupted(stack: Topology) {
  stack.startInstance(2);
  await stack.instanceReady(2);
  console.log(`
The stack keeps running until Ctrl-C:
  the balancer   ${stack.publicUrl}  (certificate: ${stack.certificate})
  an admin       ${ADMIN.email} / ${ADMIN.password}
  Prometheus     ${stack.prometheusUrl}
  HAProxy stats  ${stack.statsUrl}
  the database   ${stack.databaseUrl}
Bench the vote runs through the balancer:
  NODE_EXTRA_CA_CERTS=${stack.certificate} BENCH_TARGET=${stack.publicUrl} DATABASE_URL=${stack.databaseUrl} npm run bench
`);
  await new Promise(() => undefined);
}

process.exit(await main());
