import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { ADMIN_TOKEN, ensureBenchAdmin, type LatencyResult, measureLatency } from './admin-users';
import { rows } from './bench-data';

export const ADS_ANALYTICS_TARGET_P99_MS = 300;
const ADS = 50;
const LOCATIONS = ['header', 'sidebar', 'footer', 'between-songs', 'popup', 'banner'];
/** Each ad at two locations: 100 (ad, location) buckets a minute. */
const LOCATIONS_PER_AD = 2;
const DAYS = 30;
/**
 * Counted impressions per bucket and minute: 1 to 5 (3 on average), so 18,000 an hour over the 100
 * buckets; about one click in 40 impressions, and a third of the buckets with a filtered impression.
 */
const IMPRESSIONS_SPREAD = 5;
/** Distinct viewers an hour (one for every six impressions), drawn from a returning audience. */
const VIEWERS_PER_HOUR = 3000;
const AUDIENCE = 60_000;
/** A screen a few admins look at, not a public page: a few connections. */
const CONNECTIONS = 4;
const PAGE_PATHS = ['/api/ads/public/analytics'];
const TRAFFIC_PATHS = ['day', 'hour', 'week', 'month'].map(
  (group) => `/api/ads/public/traffic?groupBy=${group}`,
);

export interface AdsAnalyticsBenchResult {
  minuteRows: number;
  hourRows: number;
  viewerHours: number;
  seedSeconds: number;
  /** One call each before the runs (the database's pages cold from the load). */
  firstPageMs: number;
  firstTrafficMs: number;
  page: LatencyResult;
  traffic: LatencyResult;
}

/** The 50 ads (no picture: the report does not need one) and their (ad, location) pairs. */
async function insertAds(db: Database) {
  await db.execute(sql`
    insert into ads (title, target_url, locations, weight, start_date)
    select 'Analytics sponsor ' || n, 'https://analytics' || n || '.example/', '{}', 1 + n % 10, current_date - ${DAYS}::int
      from generate_series(1, ${ADS}) n`);
  await db.execute(sql`
    create table bench_ad_pairs as
    select row_number() over (order by a.id, l.location) as k, a.id as ad_id, l.location
      from (select id, row_number() over (order by id) as n from ads where title like 'Analytics sponsor %') a
      cross join lateral (
        select (string_to_array(${LOCATIONS.join(',')}, ','))[1 + (a.n + j * 3) % ${LOCATIONS.length}] as location
          from generate_series(0, ${LOCATIONS_PER_AD - 1}) j) l`);
  await db.execute(sql`
    update ads set locations = p.locations
      from (select ad_id, array_agg(location) as locations from bench_ad_pairs group by ad_id) p
     where ads.id = p.ad_id`);
}

/**
 * Every minute of the last 30 days for every pair (the counts vary with the minute and the pair), then the
 * hours summed from those minutes, then each hour's viewers: VIEWERS_PER_HOUR keys stepping through the
 * audience from a different place each hour, so a day's and the month's distinct viewers overlap as a
 * returning audience's do.
 */
async function insertTraffic(db: Database) {
  await db.execute(sql`
    insert into ad_minute_stats
      (minute, ad_id, location, impressions, clicks, unique_viewers, filtered_impressions, filtered_clicks)
    select m.minute, p.ad_id, p.location, i.impressions, (i.seed % 40 = 0)::int, i.impressions,
           (i.seed % 3 = 0)::int, (i.seed % 25 = 0)::int * 2
      from generate_series(date_trunc('minute', now()) - interval '${sql.raw(String(DAYS))} days',
                           date_trunc('minute', now()) - interval '1 minute', interval '1 minute') m(minute)
     cross join bench_ad_pairs p
     cross join lateral (select (extract(epoch from m.minute)::int8 / 60 * 31 + p.k * 17) as seed) s
     cross join lateral (select s.seed, 1 + s.seed % ${IMPRESSIONS_SPREAD} as impressions) i`);
  await db.execute(sql`
    insert into ad_hour_stats
      (hour, ad_id, location, impressions, clicks, unique_viewers, filtered_impressions, filtered_clicks)
    select date_trunc('hour', minute), ad_id, location, sum(impressions), sum(clicks), sum(unique_viewers),
           sum(filtered_impressions), sum(filtered_clicks)
      from ad_minute_stats where ad_id in (select ad_id from bench_ad_pairs)
     group by 1, 2, 3`);
  await db.execute(sql`
    insert into ad_viewer_hours (hour, viewer)
    select h.hour, 9000000000 + (extract(epoch from h.hour)::int8 / 3600 * 7919 + g * 13) % ${AUDIENCE}
      from generate_series(date_trunc('hour', now()) - interval '${sql.raw(String(DAYS))} days',
                           date_trunc('hour', now()), interval '1 hour') h(hour)
     cross join generate_series(0, ${VIEWERS_PER_HOUR - 1}) g
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze ad_minute_stats`);
  await db.execute(sql`vacuum analyze ad_hour_stats`);
  await db.execute(sql`vacuum analyze ad_viewer_hours`);
}

async function countRows(db: Database) {
  const [counts] = rows<Record<string, string>>(
    await db.execute(sql`
      select (select count(*) from ad_minute_stats) as minutes, (select count(*) from ad_hour_stats) as hours,
             (select count(*) from ad_viewer_hours) as viewers`),
  );
  return { minutes: Number(counts!.minutes), hours: Number(counts!.hours), viewers: Number(counts!.viewers) };
}

/** The admin, the 50 ads and their month of buckets and viewers: what the runs read. */
export async function seedAdsAnalyticsData(db: Database) {
  const startedAt = performance.now();
  await ensureBenchAdmin(db);
  await insertAds(db);
  await insertTraffic(db);
  return { seedSeconds: (performance.now() - startedAt) / 1000, counts: await countRows(db) };
}

async function timedGet(url: string) {
  const startedAt = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - startedAt;
}

/** Runs the ad analytics measurements against the running benchmark server. */
export async function runAdsAnalyticsBench(options: {
  db: Database;
  baseUrl: string;
  seconds: number;
}): Promise<AdsAnalyticsBenchResult> {
  const { db, baseUrl, seconds } = options;
  console.log(`Ad analytics: ${DAYS} days of minute and hour buckets for ${ADS} ads, viewers by the hour…`);
  const { seedSeconds, counts } = await seedAdsAnalyticsData(db);
  const firstPageMs = await timedGet(`${baseUrl}${PAGE_PATHS[0]}`);
  const firstTrafficMs = await timedGet(`${baseUrl}${TRAFFIC_PATHS[0]}`);
  console.log('Ad analytics: GET /ads/public/analytics…');
  const page = await measureLatency(baseUrl, PAGE_PATHS, seconds, CONNECTIONS);
  console.log('Ad analytics: GET /ads/public/traffic (by day, hour, week, month)…');
  const traffic = await measureLatency(baseUrl, TRAFFIC_PATHS, seconds, CONNECTIONS);
  return {
    minuteRows: counts.minutes,
    hourRows: counts.hours,
    viewerHours: counts.viewers,
    seedSeconds,
    firstPageMs,
    firstTrafficMs,
    page,
    traffic,
  };
}

/** Prints the ad analytics table and answers the targets it missed. */
export function printAdsAnalyticsBench(result: AdsAnalyticsBenchResult): string[] {
  const { page, traffic } = result;
  const target = `p99 < ${ADS_ANALYTICS_TARGET_P99_MS} ms`;
  console.log(
    `\nAd analytics: ${result.minuteRows.toLocaleString('en')} minute buckets, ${result.hourRows.toLocaleString('en')} hour buckets, ${result.viewerHours.toLocaleString('en')} viewer-hours (${ADS} ads over ${DAYS} days, loaded in ${result.seedSeconds.toFixed(0)} s), ${CONNECTIONS} HTTP connections, signed in as an admin\n`,
  );
  console.log('| run | throughput | p50 ms | p99 ms | target |\n|---|---|---|---|---|');
  console.log(
    `| GET /ads/public/analytics (last 30 days: totals, locations, top ads, by day) | ${page.okPerSecond} req/s | ${page.p50Ms} | ${page.p99Ms} | ${target} |`,
  );
  console.log(
    `| GET /ads/public/traffic (last 30 days by day, hour, week, month) | ${traffic.okPerSecond} req/s | ${traffic.p50Ms} | ${traffic.p99Ms} | ${target} |`,
  );
  console.log(
    `| first calls after the load (analytics, traffic) | | ${result.firstPageMs.toFixed(0)}, ${result.firstTrafficMs.toFixed(0)} | | |`,
  );
  const missed: string[] = [];
  if (page.failed + traffic.failed > 0) missed.push('an ad analytics request failed');
  if (page.p99Ms >= ADS_ANALYTICS_TARGET_P99_MS) missed.push('ad analytics p99 over 300 ms');
  if (traffic.p99Ms >= ADS_ANALYTICS_TARGET_P99_MS) missed.push('ad traffic p99 over 300 ms');
  return missed;
}
