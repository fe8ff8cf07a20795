/**
 * `npm run bench`: the load benchmark. Creates its own database on a real PostgreSQL server (DATABASE_URL,
 * default the local one), fills it with fans, songs and sessions, measures the raw PostgreSQL ceiling of
 * the vote transaction (one vote per transaction) with pgbench, then starts the server in its own process
 * and measures, with autocannon on 50 connections: votes accepted per second for (a) many fans in many
 * categories and (b) a burst with 80% of votes on 3 songs (target: 110% of pgbench, p99 under 50 ms), then
 * the public reads (bench/reads.ts); then (c) the opening burst (bench/burst.ts), (d) two instances on one
 * database and one Redis (bench/instances.ts) and (e) kill -9 mid-run on PostgreSQL and PGlite
 * (bench/crash.ts). It checks that every accepted vote is stored once and every total equals its vote rows,
 * prints a table per part with its targets, and drops the database. A missed target is listed; an integrity
 * failure fails the run. BENCH_ONLY runs some parts only (comma-separated: votes, reads, burst, instances,
 * crash, admin, review, online-users, ads, web), e.g. `BENCH_ONLY=burst npm run bench`; the seeding and the
 * server start run unless web is the only part.
 *
 * web (bench/web.ts) runs first, alone on the machine: what fans feel in the browser, with Lighthouse 12
 * mobile on seven pages, slow 3G in Chromium under CDP throttling and the home page's JavaScript, against
 * the production build of the web app (built first when stale) served by a server of its own on an
 * embedded database with the demo data. It needs none of the bench database.
 *
 * BENCH_TARGET=<url> points the vote runs ((a), (b) and the opening burst (c)) at a running deployment, the
 * load balancer of `npm run stack:test -- --hold` for one, instead of a server of the bench's own. Its
 * database must then be DATABASE_URL (a copy made for the test: the bench adds 255,000 fans and 500 songs
 * to it and leaves them there); NODE_EXTRA_CA_CERTS names the certificate of a self-signed balancer.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../src/lib/db';
import { printIntegrityBench, runIntegrityBench } from './admin-integrity';
import { printAdminBench, runAdminBench } from './admin-users';
import { printAdsAnalyticsBench, runAdsAnalyticsBench } from './ads-analytics';
import { printAdsIngestBench, runAdsIngestBench } from './ads-ingest';
import {
  BENCH_FANS,
  BURST_FANS,
  CATEGORY_COUNT,
  countVotesAndTallies,
  HTTP_FANS,
  loadCatalog,
  PGBENCH_FANS_PER_RUN,
  SONG_COUNT,
  SPREAD_FANS,
  seedBenchData,
  WARMUP_FANS,
} from './bench-data';
import { printOpeningBurst, runOpeningBurst } from './burst';
import { printCrashBench, runCrashBench } from './crash';
import { printInstancesBench, runInstancesBench } from './instances';
import { printOnlineUsersBench, runOnlineUsersBench } from './online-users';
import { runPgbench } from './pgbench';
import { runReadsBench } from './reads';
import { shuffle, startServer } from './vote-load';
import { printWebBench, runWebBench } from './web';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
/** A fresh process compiles its hot paths and a fresh database reads its pages in: not measured. */
const WARMUP_SECONDS = 5;
const CONNECTIONS = 50;
/** pgbench clients: the server's pool size, so both sides use as many PostgreSQL connections. */
const PGBENCH_CLIENTS = 10;
/** Votes (a) and (b) accepted per second against pgbench's one transaction per vote, and p99. */
const TARGET_PGBENCH_PERCENT = 110;
const TARGET_VOTE_P99_MS = 50;
const baseDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_PARTS = [
  'votes',
  'reads',
  'burst',
  'instances',
  'crash',
  'admin',
  'review',
  'online-users',
  'ads',
  'web',
] as const;
type BenchPart = (typeof BENCH_PARTS)[number];
/** A running deployment to send the vote runs to (its load balancer), instead of the bench's own server. */
const target = process.env.BENCH_TARGET?.replace(/\/$/, '');
/** What can run against a deployment: the vote runs; the others start servers of their own or read this one's memory. */
const TARGET_PARTS: readonly BenchPart[] = ['votes', 'burst'];
const onlyParts = (process.env.BENCH_ONLY ?? (target ? TARGET_PARTS.join(',') : ''))
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of onlyParts) {
  if (!(BENCH_PARTS as readonly string[]).includes(part))
    throw new Error(`BENCH_ONLY: unknown part '${part}' (parts: ${BENCH_PARTS.join(', ')})`);
  if (target && !(TARGET_PARTS as readonly string[]).includes(part))
    throw new Error(
      `BENCH_TARGET runs only ${TARGET_PARTS.join(', ')}: '${part}' needs the bench's own server`,
    );
}
if (target && !process.env.DATABASE_URL)
  throw new Error("BENCH_TARGET needs DATABASE_URL: the target's own database (a copy made for the test)");
/** Whether BENCH_ONLY (every part when unset) includes this part. */
const runs = (part: BenchPart) => onlyParts.length === 0 || onlyParts.includes(part);

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: baseDatabaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The benchmark's own server process on the bench database. BENCH_CPU_PROF=<folder> writes a V8 CPU profile
 * of it (open it in Chrome's DevTools).
 */
function startBenchServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  return startServer({ port, environment: { DATABASE_URL: databaseUrl }, nodeOptions: profile });
}

interface HttpResult {
  requestsPerSecond: number;
  okPerSecond: number;
  ok: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

async function runVotes(
  baseUrl: string,
  pairs: Array<{ fan: number; songId: string }>,
  duration = SECONDS,
): Promise<HttpResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/votes',
        setupRequest: (request) => {
          const pair = pairs[next++ % pairs.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer bench-token-${pair.fan}` },
            body: JSON.stringify({ songId: pair.songId }),
          };
        },
      },
    ],
  });
  return summarise(result);
}

function summarise(result: autocannon.Result): HttpResult {
  const seconds = result.duration || SECONDS;
  return {
    requestsPerSecond: Math.round(result.requests.total / seconds),
    okPerSecond: Math.round(result['2xx'] / seconds),
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

async function main() {
  // The browser measurements first, while nothing else loads the two cores.
  const web = runs('web') ? await runWebBench() : undefined;
  if (web && onlyParts.length === 1) {
    console.log('\nOvation benchmark: the web app as fans feel it (BENCH_ONLY=web)');
    const missed = printWebBench(web);
    if (missed.length) console.log(`\nTargets missed: ${missed.join('; ')}`);
    return;
  }
  const name = `ovation_bench_${randomBytes(3).toString('hex')}`;
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/${name}`;
  // Against a deployment, its own database; else a new one, dropped at the end.
  const databaseUrl = target ? baseDatabaseUrl : url.toString();
  if (!target) await adminQuery(`create database ${name}`);
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  let server: ChildProcess | undefined;
  try {
    await database.migrate();
    console.log(`Seeding ${BENCH_FANS} fans, ${SONG_COUNT} songs in ${CATEGORY_COUNT} categories…`);
    await seedBenchData(database.db);
    const catalog = await loadCatalog(database.db);
    const hotNumbers = await database.db.execute(
      sql`select n from bench_songs where id in (${catalog.hotSongs[0]!.id}, ${catalog.hotSongs[1]!.id}, ${catalog.hotSongs[2]!.id}) order by n`,
    );
    const [hot1, hot2, hot3] = (hotNumbers as unknown as { rows: Array<{ n: string }> }).rows.map((row) =>
      Number(row.n),
    );
    const pgVariables = {
      fans: PGBENCH_FANS_PER_RUN,
      clients: PGBENCH_CLIENTS,
      k: 0,
      songs: SONG_COUNT,
      hot1: hot1!,
      hot2: hot2!,
      hot3: hot3!,
    };
    // Each fan votes once in each category, in a random order.
    const spreadVotes = (firstFan: number, fans: number) =>
      shuffle(
        Array.from({ length: fans }, (_, index) => firstFan + index).flatMap((fan) =>
          catalog.categoryIds.map((categoryId) => ({
            fan,
            songId: pick(catalog.songsByCategory.get(categoryId)!),
          })),
        ),
      );

    const port = 3900 + Math.floor(Math.random() * 90);
    if (!target) server = await startBenchServer(databaseUrl, port);
    const baseUrl = target ?? `http://127.0.0.1:${port}`;
    const tableRows: string[][] = [];
    /** What prints after the main table, in order: the integrity lines, then each admin part's table. */
    const reports: Array<() => void> = [];
    const missedTargets: string[] = [];
    const problems: string[] = [];
    const collect = (part: { missedTargets: string[]; problems: string[] }) => {
      missedTargets.push(...part.missedTargets);
      problems.push(...part.problems);
    };

    if (runs('votes')) {
      console.log(`Warming up for ${WARMUP_SECONDS} s…`);
      await runVotes(baseUrl, spreadVotes(SPREAD_FANS + BURST_FANS + 1, WARMUP_FANS), WARMUP_SECONDS);
      await settle();

      console.log('pgbench: the vote transaction on bare PostgreSQL…');
      const pgbench = async (firstFan: number, hotPercent: number) => {
        const before = await countVotes(database.db);
        const result = await runPgbench({
          databaseUrl,
          clients: PGBENCH_CLIENTS,
          seconds: SECONDS,
          variables: { ...pgVariables, first_fan: firstFan, hot_percent: hotPercent },
        });
        return { ...result, accepted: (await countVotes(database.db)) - before };
      };
      const pgSpread = await pgbench(HTTP_FANS + 1, 0);
      const pgBurst = await pgbench(HTTP_FANS + PGBENCH_FANS_PER_RUN + 1, 80);

      const before = await countVotesAndTallies(database.db);
      // (a) Many fans in many categories.
      console.log('HTTP (a): many fans, many categories…');
      const httpSpread = await runVotes(baseUrl, spreadVotes(1, SPREAD_FANS));

      // (b) A burst: 80% of votes on 3 songs (each fan votes for the 3 favourites and sometimes one other).
      const others = catalog.categoryIds.filter(
        (id) => !catalog.hotSongs.some((song) => song.categoryId === id),
      );
      const burst = shuffle(
        Array.from({ length: BURST_FANS }, (_, index) => SPREAD_FANS + index + 1).flatMap((fan) => [
          ...catalog.hotSongs.map((song) => ({ fan, songId: song.id })),
          ...(Math.random() < 0.75
            ? [{ fan, songId: pick(catalog.songsByCategory.get(pick(others))!) }]
            : []),
        ]),
      );
      console.log('HTTP (b): 80% of votes on 3 songs…');
      const httpBurst = await runVotes(baseUrl, burst);

      await settle();
      const after = await countVotesAndTallies(database.db);
      const acceptedOverHttp = httpSpread.ok + httpBurst.ok;
      const storedOverHttp = after.votes - before.votes;
      const ratio = (http: HttpResult, pgbench: { tps: number }) =>
        pgbench.tps ? (100 * http.okPerSecond) / pgbench.tps : 0;
      const ratioCell = (http: HttpResult, pgbench: { tps: number }) =>
        `${ratio(http, pgbench).toFixed(0)}% of pgbench (target ≥ ${TARGET_PGBENCH_PERCENT}%)`;
      for (const [run, http, pgbench] of [
        ['votes (a) spread', httpSpread, pgSpread],
        ['votes (b) 80% on 3 songs', httpBurst, pgBurst],
      ] as const) {
        if (ratio(http, pgbench) < TARGET_PGBENCH_PERCENT)
          missedTargets.push(`${run}: ${ratio(http, pgbench).toFixed(0)}% of pgbench`);
        if (http.p99Ms >= TARGET_VOTE_P99_MS) missedTargets.push(`${run}: p99 ${http.p99Ms} ms`);
      }
      tableRows.push(
        [
          'pgbench vote tx, spread',
          `${Math.round(pgSpread.tps)} tx/s`,
          pgSpread.p50Ms.toFixed(1),
          pgSpread.p99Ms.toFixed(1),
          '',
        ],
        [
          'pgbench vote tx, 80% on 3 songs',
          `${Math.round(pgBurst.tps)} tx/s`,
          pgBurst.p50Ms.toFixed(1),
          pgBurst.p99Ms.toFixed(1),
          '',
        ],
        [
          'HTTP votes (a) spread',
          `${httpSpread.okPerSecond} accepted/s`,
          String(httpSpread.p50Ms),
          String(httpSpread.p99Ms),
          ratioCell(httpSpread, pgSpread),
        ],
        [
          'HTTP votes (b) 80% on 3 songs',
          `${httpBurst.okPerSecond} accepted/s`,
          String(httpBurst.p50Ms),
          String(httpBurst.p99Ms),
          ratioCell(httpBurst, pgBurst),
        ],
      );
      reports.push(() => {
        console.log(
          `\nIntegrity: ${acceptedOverHttp} votes answered 201 inside the timed window, ${storedOverHttp} stored (the difference is requests still in flight when the clock stopped, at most ${2 * CONNECTIONS}); ${after.votes} vote rows, tallies sum ${after.tallies}; songs whose total differs from their vote rows: ${after.mismatchedSongs}; fan-category pairs voted twice in 24 h: ${after.doubledFanCategories}`,
        );
        console.log(`Refused or failed vote requests: (a) ${httpSpread.failed}, (b) ${httpBurst.failed}`);
        console.log(
          `pgbench votes the quota accepted: spread ${pgSpread.accepted} of ${pgSpread.transactions}, burst ${pgBurst.accepted} of ${pgBurst.transactions}`,
        );
      });
      const inFlight = storedOverHttp - acceptedOverHttp;
      if (inFlight < 0 || inFlight > 2 * CONNECTIONS)
        problems.push('accepted votes differ from stored votes');
      if (after.votes !== after.tallies || after.mismatchedSongs > 0)
        problems.push('totals differ from vote rows');
      if (after.doubledFanCategories > 0) problems.push('a fan voted twice in one category');
    }

    if (runs('reads')) {
      // Public reads: the category page against a bare Fastify route, the songs list (bench/reads.ts).
      const reads = await runReadsBench({
        baseUrl,
        categoryIds: catalog.categoryIds,
        seconds: SECONDS,
        connections: CONNECTIONS,
      });
      tableRows.push(...reads.rows);
      missedTargets.push(...reads.missedTargets);
    }
    if (runs('burst')) {
      // (c) The opening burst: 12,000 fans in 3 s, open loop, as the window opens (bench/burst.ts).
      const burst = await runOpeningBurst({ db: database.db, baseUrl, catalog });
      reports.push(() => collect(printOpeningBurst(burst)));
    }
    if (runs('instances')) {
      // (d) Two more instances on this database and one Redis, the same fans voting through both.
      const instances = await runInstancesBench({ db: database.db, databaseUrl, catalog, seconds: SECONDS });
      reports.push(() => collect(printInstancesBench(instances)));
    }
    if (runs('crash')) {
      // (e) kill -9 mid-run and restart, on PostgreSQL and on the embedded PGlite (bench/crash.ts).
      const crashes = await runCrashBench({ db: database.db, databaseUrl, catalog });
      reports.push(() => collect(printCrashBench(crashes)));
    }
    if (runs('admin')) {
      // The admin back-office: lists and the users export (bench/admin-users.ts).
      const admin = await runAdminBench({
        db: database.db,
        baseUrl,
        serverPid: server!.pid!,
        seconds: SECONDS,
      });
      reports.push(() => missedTargets.push(...printAdminBench(admin)));
    }
    if (runs('review')) {
      // Vote review: analytics and signals beside voting fans, and a 10,000-vote quarantine (bench/admin-integrity.ts).
      const review = await runIntegrityBench({ db: database.db, baseUrl, seconds: SECONDS });
      reports.push(() => missedTargets.push(...printIntegrityBench(review)));
    }
    if (runs('online-users')) {
      // Online users: stats and list over 100,000 online sessions (bench/online-users.ts).
      const online = await runOnlineUsersBench({ db: database.db, baseUrl, seconds: SECONDS });
      reports.push(() => missedTargets.push(...printOnlineUsersBench(online)));
    }
    if (runs('ads')) {
      // Ads: impression and click ingestion (bench/ads-ingest.ts, which checks every accepted event is in the
      // buckets, so it runs first), then the analytics screen over 30 days of buckets (bench/ads-analytics.ts).
      const ingest = await runAdsIngestBench({ db: database.db, baseUrl, seconds: SECONDS });
      const analytics = await runAdsAnalyticsBench({ db: database.db, baseUrl, seconds: SECONDS });
      reports.push(() =>
        missedTargets.push(...printAdsIngestBench(ingest), ...printAdsAnalyticsBench(analytics)),
      );
    }

    console.log(
      `\nOvation benchmark: ${SECONDS} s per run, ${CONNECTIONS} HTTP connections, pgbench ${PGBENCH_CLIENTS} clients, ${target ? `the deployment at ${target}` : 'one server process (the instances and kill -9 parts start their own)'}${onlyParts.length ? ` (BENCH_ONLY=${onlyParts.join(',')})` : ''}\n`,
    );
    if (tableRows.length) {
      console.log('| run | throughput | p50 ms | p99 ms | ratio |\n|---|---|---|---|---|');
      for (const row of tableRows) console.log(`| ${row.join(' | ')} |`);
    }
    for (const report of reports) report();
    if (web) missedTargets.push(...printWebBench(web));
    if (missedTargets.length) console.log(`\nTargets missed: ${missedTargets.join('; ')}`);
    if (problems.length) {
      console.error(`\nINTEGRITY FAILURE: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database.close();
    if (!target) await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

/** Requests still in flight when autocannon stops its clock finish on the server: let them land. */
function settle() {
  return new Promise((resolve) => setTimeout(resolve, 1500));
}

async function countVotes(db: Database) {
  const result = (await db.execute(sql`select count(*)::int as votes from votes`)) as unknown as {
    rows: Array<{ votes: number }>;
  };
  return result.rows[0]!.votes;
}

await main();
