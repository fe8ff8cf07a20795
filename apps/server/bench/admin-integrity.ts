/**
 * The vote-review part of `npm run bench` (run.ts calls it after the admin lists): with fans voting over
 * HTTP the whole time, the analytics screen's call and the integrity screen's signals, each with
 * autocannon (p99 target: under 500 ms), then the quarantine of a planted cluster of 10,000 votes from
 * one /24 (target: under 2 s) while votes keep being accepted. Afterwards every song's total must still
 * equal its valid vote rows.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { ADMIN_TOKEN, type LatencyResult, measureLatency } from './admin-users';
import { countVotesAndTallies, HTTP_FANS, PGBENCH_FANS, rows } from './bench-data';

/** Admin readers: a handful of people on the review screens at once. */
const ADMIN_CONNECTIONS = 4;
/** Fans voting beside them the whole time, at a steady rate so the fresh fans last the whole run. */
const VOTER_CONNECTIONS = 20;
const VOTES_PER_SECOND = 400;
/** The planted cluster: this many accounts, one vote each, from one /24, all for one song. */
const CLUSTER_VOTES = 10_000;
const CLUSTER_PREFIX = '41.203.77.0/24';
/**
 * Fans the pgbench runs never reach (each run takes about 3,000 a second for 15 s out of its 100,000):
 * the top of the second run's range. The cluster's accounts come first, then the voters.
 */
const RESERVED_FROM = HTTP_FANS + PGBENCH_FANS - 40_000 + 1;
const VOTER_FANS_FROM = RESERVED_FROM + CLUSTER_VOTES;
const VOTER_FANS = 30_000;
const WINDOWS = ['1h', '6h', '24h', '7d', 'all'];

export interface IntegrityBenchResult {
  analytics: LatencyResult;
  signals: LatencyResult;
  signalsCold: { ms: number };
  quarantine: { ms: number; changed: number; votesAcceptedMeanwhile: number; status: number };
  votersDuring: { okPerSecond: number; failed: number };
  integrity: { votes: number; tallies: number; mismatchedSongs: number };
}

/**
 * Gives the votes cast so far what real ones carry, since every benchmark vote comes from 127.0.0.1:
 * a network among 51,200 /24s and one of 300 device signatures, per fan; plants the cluster; and opens
 * sessions for the fans who vote during the measurements.
 */
async function prepare(db: Database) {
  await db.execute(sql`
    update votes set
      ip_prefix = '102.' || (abs(hashtext(user_id::text)) % 200) || '.' || (abs(hashtext(user_id::text || 'n')) % 256) || '.0/24',
      device_signature = substr(md5((abs(hashtext(user_id::text || 'd')) % 300)::text), 1, 16)`);
  await db.execute(sql`update users set email_verified_at = created_at where email_verified`);
  const [song] = rows<{ id: string; category_id: string }>(
    await db.execute(
      sql`select id, category_id from songs where status = 'approved' order by title offset 7 limit 1`,
    ),
  );
  await db.execute(sql`
    insert into votes (user_id, song_id, category_id, ip, ip_prefix, device_type, device_signature, created_at)
    select b.id, ${song!.id}, ${song!.category_id}, '41.203.77.' || (b.n % 250 + 1), ${CLUSTER_PREFIX}, 'mobile',
           'c1a5e7c1a5e7c1a5', now() - (b.n % 600) * interval '1 second'
    from bench_users b where b.n between ${RESERVED_FROM} and ${RESERVED_FROM + CLUSTER_VOTES - 1}`);
  await db.execute(sql`
    insert into song_vote_tallies as t (song_id, shard, votes) values (${song!.id}, 0, ${CLUSTER_VOTES})
    on conflict (song_id, shard) do update set votes = t.votes + excluded.votes`);
  await db.execute(sql`
    insert into sessions (token_hash, user_id, device_type)
    select encode(sha256(convert_to('bench-token-' || b.n, 'UTF8')), 'hex'), b.id, 'mobile'
    from bench_users b where b.n between ${VOTER_FANS_FROM} and ${VOTER_FANS_FROM + VOTER_FANS - 1}
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze votes`);
  return { songId: song!.id, categoryId: song!.category_id };
}

/** Fans voting until stopped, each fan for a random song of each category in turn. */
function startVoters(baseUrl: string, songIds: string[], seconds: number) {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections: VOTER_CONNECTIONS,
    overallRate: VOTES_PER_SECOND,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/votes',
        setupRequest: (request) => {
          const index = next++;
          const fan = VOTER_FANS_FROM + (index % VOTER_FANS);
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer bench-token-${fan}` },
            body: JSON.stringify({ songId: songIds[(index * 7919) % songIds.length] }),
          };
        },
      },
    ],
  });
}

async function timed<T>(work: () => Promise<T>) {
  const startedAt = performance.now();
  const value = await work();
  return { value, ms: performance.now() - startedAt };
}

export async function runIntegrityBench(options: {
  db: Database;
  baseUrl: string;
  seconds: number;
}): Promise<IntegrityBenchResult> {
  const { db, baseUrl, seconds } = options;
  console.log('Review: giving the votes networks and devices, planting a cluster of 10,000 votes…');
  const cluster = await prepare(db);
  const songIds = rows<{ id: string }>(
    await db.execute(sql`select id from songs where status = 'approved'`),
  ).map((row) => row.id);
  const categoryIds = rows<{ id: string }>(await db.execute(sql`select id from categories`)).map(
    (row) => row.id,
  );
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

  // One cold computation of the signals, before anything is cached.
  const cold = await timed(() =>
    fetch(`${baseUrl}/api/admin/integrity/signals?window=24h`, { headers: admin }),
  );
  await cold.value.arrayBuffer();

  console.log('Review: analytics and signals with fans voting beside them…');
  const voters = startVoters(baseUrl, songIds, 3 * seconds + 10);
  const analytics = await measureLatency(baseUrl, ['/api/admin/analytics'], seconds, ADMIN_CONNECTIONS);
  const signals = await measureLatency(
    baseUrl,
    [null, ...categoryIds].flatMap((categoryId) =>
      WINDOWS.map(
        (window) =>
          `/api/admin/integrity/signals?window=${window}${categoryId ? `&categoryId=${categoryId}` : ''}`,
      ),
    ),
    seconds,
    ADMIN_CONNECTIONS,
  );

  console.log('Review: quarantining the cluster while votes keep coming…');
  const startedAt = new Date();
  const quarantine = await timed(async () => {
    const response = await fetch(`${baseUrl}/api/admin/integrity/quarantine`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({
        reason: 'Benchmark: 10,000 accounts from one network in ten minutes',
        filter: { ipPrefix: CLUSTER_PREFIX, songId: cluster.songId },
      }),
    });
    return { status: response.status, body: (await response.json()) as { data?: { changed?: number } } };
  });
  const endedAt = new Date();
  const [{ accepted } = { accepted: '0' }] = rows<{ accepted: string }>(
    await db.execute(
      sql`select count(*) as accepted from votes where created_at between ${startedAt.toISOString()}::timestamptz and ${endedAt.toISOString()}::timestamptz`,
    ),
  );
  const voting = await voters;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = await countVotesAndTallies(db);
  return {
    analytics,
    signals,
    signalsCold: { ms: cold.ms },
    quarantine: {
      ms: quarantine.ms,
      status: quarantine.value.status,
      changed: quarantine.value.body.data?.changed ?? 0,
      votesAcceptedMeanwhile: Number(accepted),
    },
    votersDuring: {
      okPerSecond: Math.round(voting['2xx'] / (voting.duration || 1)),
      failed: voting.errors + voting.timeouts,
    },
    integrity: { votes: after.votes, tallies: after.tallies, mismatchedSongs: after.mismatchedSongs },
  };
}

/** Prints the review table and answers the targets it missed. */
export function printIntegrityBench(result: IntegrityBenchResult): string[] {
  const { analytics, signals, signalsCold, quarantine, votersDuring, integrity } = result;
  console.log(
    `\nVote review: ${ADMIN_CONNECTIONS} admin connections while ${VOTER_CONNECTIONS} connections of fans vote (${votersDuring.okPerSecond} votes accepted a second, ${votersDuring.failed} failed)\n`,
  );
  console.log('| run | throughput | p50 ms | p99 ms | target |\n|---|---|---|---|---|');
  console.log(
    `| GET /admin/analytics | ${analytics.okPerSecond} req/s | ${analytics.p50Ms} | ${analytics.p99Ms} | p99 < 500 ms |`,
  );
  console.log(
    `| GET /admin/integrity/signals, 13 scopes x 5 windows | ${signals.okPerSecond} req/s | ${signals.p50Ms} | ${signals.p99Ms} | p99 < 500 ms |`,
  );
  console.log(
    `| signals, first (uncached) computation, 24 h, all categories | | ${signalsCold.ms.toFixed(0)} | | |`,
  );
  console.log(
    `| quarantine a cluster of ${quarantine.changed.toLocaleString('en')} votes (HTTP ${quarantine.status}) | | ${quarantine.ms.toFixed(0)} | | < 2,000 ms |`,
  );
  console.log(
    `\nVotes accepted while the quarantine ran: ${quarantine.votesAcceptedMeanwhile}. After it: ${integrity.votes} valid vote rows, tallies sum ${integrity.tallies}, songs whose total differs from their valid vote rows: ${integrity.mismatchedSongs}`,
  );
  const missed: string[] = [];
  if (analytics.failed + signals.failed > 0) missed.push('a review request failed');
  if (analytics.p99Ms >= 500) missed.push('analytics p99 over 500 ms');
  if (signals.p99Ms >= 500) missed.push('signals p99 over 500 ms');
  if (quarantine.status !== 201 || quarantine.changed !== CLUSTER_VOTES)
    missed.push('the quarantine did not set the cluster aside');
  if (quarantine.ms >= 2000) missed.push('quarantine over 2 s');
  if (quarantine.votesAcceptedMeanwhile === 0) missed.push('no vote was accepted while the quarantine ran');
  if (integrity.votes !== integrity.tallies || integrity.mismatchedSongs > 0)
    missed.push('totals differ from valid vote rows');
  return missed;
}
