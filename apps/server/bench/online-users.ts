import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { ADMIN_TOKEN, ensureBenchAdmin, type LatencyResult, measureLatency } from './admin-users';
import { HTTP_FANS, rows } from './bench-data';

/** Stats must stay cheap with 100,000 sessions online. */
export const ONLINE_SESSIONS = 100_000;
/**
 * The sessions belong to the first pgbench run's fans (done voting by now; the review bench uses the
 * top of the second run's range): one session each.
 */
const FIRST_FAN = HTTP_FANS + 1;
/** Where fans sign in from: mostly phones, as on the awards' audience. */
const DEVICES = ['mobile', 'mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet', 'unknown'];
/** Countries the proxy reports; a third of sessions have none (no TRUST_PROXY, or an unknown country). */
const COUNTRIES = ['NG', 'GH', 'KE', 'ZA', 'EG', 'MA', 'SN', 'CI', 'CM', 'TZ', 'UG', 'ET', 'RW', 'ZW', 'CD'];
/** One account in 50 is an artist: the role filter's narrowest choice. */
const ARTIST_EVERY = 50;
const STATS_PATH = '/api/online-users/stats';
const LIST_PATHS = [
  '/api/online-users',
  '/api/online-users?role=fan',
  '/api/online-users?role=artist',
  '/api/online-users?role=admin',
  '/api/online-users?page=50',
];

export interface OnlineUsersBenchResult {
  sessions: number;
  insertSeconds: number;
  coldStatsMs: number;
  stats: LatencyResult;
  list: LatencyResult;
  cleanupMs: number;
  cleanupStatus: number;
  currentOnline: number;
}

/**
 * 100,000 sessions in one statement, each last active at some moment of the past 4 minutes and signed in
 * within the past 3 hours, spread over devices and countries; one account in 50 becomes an artist.
 */
async function insertOnlineSessions(db: Database) {
  const last = FIRST_FAN + ONLINE_SESSIONS - 1;
  await db.execute(sql`
    update users u set role = 'artist' from bench_users b
     where u.id = b.id and b.n between ${FIRST_FAN} and ${last} and b.n % ${ARTIST_EVERY} = 0`);
  await db.execute(sql`
    insert into sessions (token_hash, user_id, device_type, country, created_at, last_activity_at)
    select encode(sha256(convert_to('bench-online-' || b.n, 'UTF8')), 'hex'), b.id,
           (string_to_array(${DEVICES.join(',')}, ','))[1 + b.n % ${DEVICES.length}],
           case when b.n % 3 = 0 then null
                else (string_to_array(${COUNTRIES.join(',')}, ','))[1 + b.n % ${COUNTRIES.length}] end,
           now() - ((b.n * 7919) % 10800) * interval '1 second',
           now() - ((b.n * 7919) % 240000) * interval '1 millisecond'
      from bench_users b where b.n between ${FIRST_FAN} and ${last}`);
  await db.execute(sql`vacuum analyze sessions`);
  await db.execute(sql`analyze users`);
}

async function timedFetch(url: string, init: RequestInit = {}) {
  const startedAt = performance.now();
  const response = await fetch(url, {
    ...init,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...init.headers },
  });
  const body = (await response.json()) as { data?: { currentOnline?: number } };
  return { status: response.status, body, ms: performance.now() - startedAt };
}

/** Runs the online users measurements against the running benchmark server. */
export async function runOnlineUsersBench(options: {
  db: Database;
  baseUrl: string;
  seconds: number;
}): Promise<OnlineUsersBenchResult> {
  const { db, baseUrl, seconds } = options;
  console.log(`Online users: ${ONLINE_SESSIONS.toLocaleString('en')} active sessions…`);
  await ensureBenchAdmin(db);
  const insertStartedAt = performance.now();
  await insertOnlineSessions(db);
  const insertSeconds = (performance.now() - insertStartedAt) / 1000;
  const [{ online } = { online: 0 }] = rows<{ online: number }>(
    await db.execute(sql`
      select count(*)::int as online from sessions
       where revoked_at is null and last_activity_at > now() - interval '5 minutes'`),
  );

  // The first call computes the summary (nothing to serve yet); every later one is answered from it.
  const cold = await timedFetch(`${baseUrl}${STATS_PATH}`);
  console.log('Online users: GET /online-users/stats (a cleanup refreshes the summary halfway)…');
  let cleanup = { status: 0, ms: 0 };
  const cleanupTimer = setTimeout(
    () => {
      void timedFetch(`${baseUrl}/api/online-users/cleanup`, { method: 'POST' }).then((answer) => {
        cleanup = { status: answer.status, ms: answer.ms };
      });
    },
    (seconds * 1000) / 2,
  );
  const stats = await measureLatency(baseUrl, [STATS_PATH], seconds);
  clearTimeout(cleanupTimer);
  console.log('Online users: GET /online-users (first pages, by role, page 50)…');
  const list = await measureLatency(baseUrl, LIST_PATHS, seconds);
  return {
    sessions: online,
    insertSeconds,
    coldStatsMs: cold.ms,
    stats,
    list,
    cleanupMs: cleanup.ms,
    cleanupStatus: cleanup.status,
    currentOnline: cold.body.data?.currentOnline ?? 0,
  };
}

/** Prints the online users table and answers the targets it missed. */
export function printOnlineUsersBench(result: OnlineUsersBenchResult): string[] {
  const { stats, list } = result;
  console.log(
    `\nOnline users: ${result.sessions.toLocaleString('en')} sessions online (inserted in ${result.insertSeconds.toFixed(1)} s; the stats counted ${result.currentOnline.toLocaleString('en')}), 10 HTTP connections, signed in as an admin\n`,
  );
  console.log('| run | throughput | p50 ms | p99 ms | target |\n|---|---|---|---|---|');
  console.log(
    `| GET /online-users/stats (per-minute summary) | ${stats.okPerSecond} req/s | ${stats.p50Ms} | ${stats.p99Ms} | p99 < 100 ms |`,
  );
  console.log(
    `| GET /online-users (20 a page: all, by role, page 50) | ${list.okPerSecond} req/s | ${list.p50Ms} | ${list.p99Ms} | |`,
  );
  console.log(
    `| stats, first computation (reads every online session) | | ${result.coldStatsMs.toFixed(0)} | | |`,
  );
  console.log(
    `| POST /online-users/cleanup, summary refreshed behind it (HTTP ${result.cleanupStatus}) | | ${result.cleanupMs.toFixed(0)} | | |`,
  );
  const missed: string[] = [];
  if (stats.failed + list.failed > 0) missed.push('an online users request failed');
  if (stats.p99Ms >= 100) missed.push('online users stats p99 over 100 ms');
  if (result.cleanupStatus !== 200) missed.push('the online users cleanup did not answer 200');
  return missed;
}
