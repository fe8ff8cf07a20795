/**
 * The ad ingestion part of `npm run bench`: impressions and clicks from many viewers.
 * 12 ads at every location (weights 1 to 10, two of them with caps far above the run, so the cap counters
 * are read and written on every impression), then:
 *   1. 100,000 page views, each a GET /ad-slots for six slots from its own device id: the serving call's
 *      latency, and the tokens the viewers will send back;
 *   2. autocannon on 50 connections: each connection sends four impression batches (five ads seen on a
 *      page, as the browser's beacon sends them) then clicks one of the ads it just reported, in a loop
 *      over fresh pages, as fast as the server answers: the most it accepts, and its p99 overloaded;
 *   3. the same traffic paced at 6,000 events a second from an open loop (ingestPaced): its p99 at the
 *      target's load.
 * Target: at least 5,000 events accepted a second, and p99 under 50 ms at that load.
 * Afterwards it waits for the counting buffer's next writes and checks that every accepted event is in the
 * buckets (counted, or filtered as a repeat should a run come round its pages again), minutes and hours
 * alike. The server counts in process memory, or in Redis when the bench runs with REDIS_URL set.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { rows } from './bench-data';

const ADS = 12;
const PAGES = 100_000;
/** Fresh pages for the warm-up and the paced run; the rest go to the run at full speed. */
const WARMUP_PAGES = 2000;
const PACED_PAGES = 20_000;
const SLOTS = ['header', 'sidebar', 'between-songs', 'between-songs', 'footer', 'banner'];
/** What one beacon carries: the ads of a page seen for a second. */
const IMPRESSIONS_PER_BATCH = 5;
/** Impression batches per click, per connection. */
const BATCHES_PER_CLICK = 4;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
/** The counting buffer writes about every second: its next two writes hold every accepted event. */
const FLUSH_WAIT_MS = 2500;
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

export const ADS_INGEST_TARGET = { eventsPerSecond: 5000, p99Ms: 50 };
/** The paced run's load: the target and a fifth more. */
const PACED_EVENTS_PER_SECOND = 6000;
/** Events per request: four batches and a click every five requests. */
const EVENTS_PER_REQUEST = (BATCHES_PER_CLICK * IMPRESSIONS_PER_BATCH + 1) / (BATCHES_PER_CLICK + 1);

export interface IngestStats {
  eventsPerSecond: number;
  impressionsPerSecond: number;
  clicksPerSecond: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
}

export interface AdsIngestBenchResult {
  pages: number;
  serve: { okPerSecond: number; p50Ms: number; p99Ms: number; failed: number };
  /** As fast as the server answers. */
  ingest: IngestStats;
  /** Paced at PACED_EVENTS_PER_SECOND. */
  paced: IngestStats;
  /** Accepted over every run (warm-up included) against what the buckets hold. */
  accepted: { impressions: number; clicks: number };
  stored: {
    impressions: number;
    filteredImpressions: number;
    clicks: number;
    filteredClicks: number;
    hourImpressions: number;
    hourClicks: number;
    viewerHours: number;
  };
}

/** Ads with a picture row each (no file: serving reads the rows), every location, weights 1 to 10. */
async function insertAds(db: Database) {
  await db.execute(sql`
    with pictures as (
      insert into images (kind, storage_key, width, height, widths, bytes)
      select 'ad', 'bench-ads/' || n, 1200, 300, '{480,800,1200}', 50000 from generate_series(1, ${ADS}) n
      returning id, storage_key
    )
    insert into ads (title, description, target_url, image_id, locations, weight, start_date,
                     max_daily_impressions, max_total_impressions)
    select 'Bench sponsor ' || split_part(storage_key, '/', 2), 'A bench ad',
           'https://sponsor' || split_part(storage_key, '/', 2) || '.example/offer', id,
           '{header,sidebar,footer,between-songs,popup,banner}',
           1 + (split_part(storage_key, '/', 2)::int % 10), current_date - 1,
           case when split_part(storage_key, '/', 2)::int <= 2 then 50000000 else 0 end,
           case when split_part(storage_key, '/', 2)::int <= 2 then 900000000 else 0 end
      from pictures`);
}

/** Serving caches the ads list for a few seconds: waits until it has read the new ones. */
async function waitForAds(baseUrl: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/ad-slots?slots=header`, {
      headers: { 'user-agent': BROWSER },
    });
    const body = (await response.json()) as { data?: { ads?: unknown[] } };
    if (body.data?.ads?.length) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The bench ads are never served');
}

/** 100,000 page views from as many devices: the serving call measured, each page's tokens kept. */
async function servePages(baseUrl: string) {
  const pages: string[][] = [];
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    amount: PAGES,
    headers: { 'user-agent': BROWSER },
    requests: [
      {
        method: 'GET',
        path: `/api/ad-slots?slots=${SLOTS.join(',')}`,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'x-device-id': randomUUID() },
        }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const ads = (JSON.parse(body) as { data: { ads: Array<{ token: string }> } }).data.ads;
          pages.push(ads.map((ad) => ad.token));
        },
      },
    ],
  });
  const seconds = result.duration || 1;
  return {
    pages,
    serve: {
      okPerSecond: Math.round(result['2xx'] / seconds),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts,
    },
  };
}

/**
 * Impression batches and clicks on `CONNECTIONS` connections for `seconds`: each connection reports a
 * fresh page's ads, four pages in a row, then clicks the first ad of the last one (seen: it was reported
 * just before, on the same connection). Pages come round again when there are no fresh ones left.
 */
async function ingest(baseUrl: string, pages: string[][], seconds: number) {
  let nextPage = 0;
  const batch = {
    method: 'POST' as const,
    setupRequest: (request: autocannon.Request, context: { page?: string[] }) => {
      const page = pages[nextPage++ % pages.length]!;
      context.page = page;
      return {
        ...request,
        path: '/api/ad-events',
        headers: { ...request.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ impressions: page.slice(0, IMPRESSIONS_PER_BATCH) }),
      };
    },
  };
  const click = {
    method: 'GET' as const,
    setupRequest: (request: autocannon.Request, context: { page?: string[] }) => ({
      ...request,
      path: `/api/ad-click/${context.page![0]}`,
    }),
  };
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'user-agent': BROWSER },
    requests: [...Array<typeof batch>(BATCHES_PER_CLICK).fill(batch), click] as autocannon.Request[],
  });
  const duration = result.duration || seconds;
  // Every 2xx is an impression batch (202), every 3xx a click (302).
  const impressions = result['2xx'] * IMPRESSIONS_PER_BATCH;
  const clicks = result['3xx'];
  return {
    impressions,
    clicks,
    stats: {
      eventsPerSecond: Math.round((impressions + clicks) / duration),
      impressionsPerSecond: Math.round(impressions / duration),
      clicksPerSecond: Math.round(clicks / duration),
      requestsPerSecond: Math.round(result.requests.total / duration),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      failed: result['4xx'] + result['5xx'] + result.errors + result.timeouts,
    },
  };
}

/** The value below which `share` of the sorted values fall. */
function percentile(sorted: number[], share: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

/**
 * The same traffic at a steady rate, as a crowd of browsers sends it (an open loop: autocannon waits for
 * each answer before the next request, and its rate limit sends each second's requests in one burst).
 * Requests leave every millisecond as they fall due, on up to CONNECTIONS keep-alive sockets; a request's
 * latency runs from when it fell due, so a slow server's queue counts against it. A click goes to the
 * first ad of the last page whose impressions were answered.
 */
async function ingestPaced(baseUrl: string, pages: string[][], seconds: number, eventsPerSecond: number) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const requestsPerSecond = eventsPerSecond / EVENTS_PER_REQUEST;
  const latencies: number[] = [];
  let impressions = 0;
  let clicks = 0;
  let failed = 0;
  let nextPage = 0;
  let answeredPage: string[] | undefined;

  const send = (sequence: number, dueAt: number) =>
    new Promise<void>((resolve) => {
      const isClick = sequence % (BATCHES_PER_CLICK + 1) === BATCHES_PER_CLICK && answeredPage !== undefined;
      const page = isClick ? answeredPage! : pages[nextPage++ % pages.length]!;
      const body = isClick
        ? undefined
        : JSON.stringify({ impressions: page.slice(0, IMPRESSIONS_PER_BATCH) });
      const request = http.request(
        {
          agent,
          hostname,
          port,
          method: isClick ? 'GET' : 'POST',
          path: isClick ? `/api/ad-click/${page[0]}` : '/api/ad-events',
          headers: {
            'user-agent': BROWSER,
            ...(body
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
              : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - dueAt);
            if (isClick && response.statusCode === 302) clicks += 1;
            else if (!isClick && response.statusCode === 202) {
              impressions += IMPRESSIONS_PER_BATCH;
              answeredPage = page;
            } else failed += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end(body);
    });

  const startedAt = performance.now();
  const endsAt = startedAt + seconds * 1000;
  const sent: Array<Promise<void>> = [];
  while (performance.now() < endsAt) {
    const due = Math.floor(((performance.now() - startedAt) / 1000) * requestsPerSecond);
    while (sent.length < due)
      sent.push(send(sent.length, startedAt + (sent.length / requestsPerSecond) * 1000));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(sent);
  agent.destroy();
  const duration = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    impressions,
    clicks,
    stats: {
      eventsPerSecond: Math.round((impressions + clicks) / duration),
      impressionsPerSecond: Math.round(impressions / duration),
      clicksPerSecond: Math.round(clicks / duration),
      requestsPerSecond: Math.round(sent.length / duration),
      p50Ms: Math.round(percentile(latencies, 0.5)),
      p99Ms: Math.round(percentile(latencies, 0.99)),
      failed,
    },
  };
}

async function storedCounts(db: Database) {
  const [minutes] = rows<Record<string, string>>(
    await db.execute(sql`
      select coalesce(sum(impressions), 0) as impressions, coalesce(sum(filtered_impressions), 0) as filtered_impressions,
             coalesce(sum(clicks), 0) as clicks, coalesce(sum(filtered_clicks), 0) as filtered_clicks
        from ad_minute_stats`),
  );
  const [hours] = rows<Record<string, string>>(
    await db.execute(sql`
      select coalesce(sum(impressions + filtered_impressions), 0) as impressions,
             coalesce(sum(clicks + filtered_clicks), 0) as clicks
        from ad_hour_stats`),
  );
  const [viewers] = rows<{ count: string }>(
    await db.execute(sql`select count(*) as count from ad_viewer_hours`),
  );
  return {
    impressions: Number(minutes!.impressions),
    filteredImpressions: Number(minutes!.filtered_impressions),
    clicks: Number(minutes!.clicks),
    filteredClicks: Number(minutes!.filtered_clicks),
    hourImpressions: Number(hours!.impressions),
    hourClicks: Number(hours!.clicks),
    viewerHours: Number(viewers!.count),
  };
}

/** Runs the ad ingestion measurements against the running benchmark server. */
export async function runAdsIngestBench(options: {
  db: Database;
  baseUrl: string;
  seconds: number;
}): Promise<AdsIngestBenchResult> {
  const { db, baseUrl, seconds } = options;
  console.log(`Ads: ${ADS} ads, ${PAGES.toLocaleString('en')} page views (GET /ad-slots)…`);
  await insertAds(db);
  await waitForAds(baseUrl);
  const { pages, serve } = await servePages(baseUrl);
  if (pages.length === 0) throw new Error('No page was served any ad');
  const warmup = await ingest(baseUrl, pages.slice(0, WARMUP_PAGES), WARMUP_SECONDS);
  console.log('Ads: impression batches and clicks (POST /ad-events, GET /ad-click), at full speed…');
  const full = await ingest(baseUrl, pages.slice(WARMUP_PAGES + PACED_PAGES), seconds);
  console.log(`Ads: the same, paced at ${PACED_EVENTS_PER_SECOND} events/s…`);
  const paced = await ingestPaced(
    baseUrl,
    pages.slice(WARMUP_PAGES, WARMUP_PAGES + PACED_PAGES),
    seconds,
    PACED_EVENTS_PER_SECOND,
  );
  await new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS));
  const runs = [warmup, full, paced];
  return {
    pages: pages.length,
    serve,
    ingest: full.stats,
    paced: paced.stats,
    accepted: {
      impressions: runs.reduce((sum, run) => sum + run.impressions, 0),
      clicks: runs.reduce((sum, run) => sum + run.clicks, 0),
    },
    stored: await storedCounts(db),
  };
}

/** Prints the ad ingestion table and answers the targets it missed. */
export function printAdsIngestBench(result: AdsIngestBenchResult): string[] {
  const { serve, ingest, paced, stored, accepted } = result;
  console.log(
    `\nAds: ${result.pages.toLocaleString('en')} pages served (6 slots each), ${CONNECTIONS} HTTP connections; each connection sends 4 impression batches of ${IMPRESSIONS_PER_BATCH} then a click\n`,
  );
  console.log('| run | throughput | p50 ms | p99 ms | target |\n|---|---|---|---|---|');
  console.log(
    `| GET /ad-slots (6 slots, weighted draw, signed tokens) | ${serve.okPerSecond} req/s | ${serve.p50Ms} | ${serve.p99Ms} | |`,
  );
  const row = (label: string, stats: IngestStats, target: string) =>
    console.log(
      `| ${label} | ${stats.eventsPerSecond} events/s (${stats.impressionsPerSecond} impressions, ${stats.clicksPerSecond} clicks; ${stats.requestsPerSecond} req/s) | ${stats.p50Ms} | ${stats.p99Ms} | ${target} |`,
    );
  row('impressions + clicks, full speed', ingest, `≥ ${ADS_INGEST_TARGET.eventsPerSecond} events/s`);
  row(
    `impressions + clicks, paced at ${PACED_EVENTS_PER_SECOND}/s`,
    paced,
    `p99 < ${ADS_INGEST_TARGET.p99Ms} ms`,
  );
  const inBuckets = stored.impressions + stored.filteredImpressions;
  const clicksInBuckets = stored.clicks + stored.filteredClicks;
  console.log(
    `\nAds integrity: ${accepted.impressions} impressions and ${accepted.clicks} clicks accepted; the minute buckets hold ${stored.impressions} counted + ${stored.filteredImpressions} filtered impressions, ${stored.clicks} counted + ${stored.filteredClicks} filtered clicks (hours: ${stored.hourImpressions} and ${stored.hourClicks}); ${stored.viewerHours} viewer-hours`,
  );
  const missed: string[] = [];
  if (serve.failed + ingest.failed + paced.failed > 0) missed.push('an ad request failed');
  if (ingest.eventsPerSecond < ADS_INGEST_TARGET.eventsPerSecond)
    missed.push(`ad events under ${ADS_INGEST_TARGET.eventsPerSecond}/s`);
  if (paced.eventsPerSecond < ADS_INGEST_TARGET.eventsPerSecond || paced.p99Ms >= ADS_INGEST_TARGET.p99Ms)
    missed.push(`ad events p99 not under ${ADS_INGEST_TARGET.p99Ms} ms at ${PACED_EVENTS_PER_SECOND}/s`);
  // Requests still in flight when autocannon stopped its clock are counted by the server, not by autocannon.
  const slack = 3 * CONNECTIONS * IMPRESSIONS_PER_BATCH;
  if (inBuckets < accepted.impressions || inBuckets > accepted.impressions + slack)
    missed.push('accepted ad impressions differ from the buckets');
  if (clicksInBuckets < accepted.clicks || clicksInBuckets > accepted.clicks + 3 * CONNECTIONS)
    missed.push('accepted ad clicks differ from the buckets');
  if (stored.hourImpressions !== inBuckets || stored.hourClicks !== clicksInBuckets)
    missed.push('ad hour buckets differ from the minutes');
  return missed;
}
