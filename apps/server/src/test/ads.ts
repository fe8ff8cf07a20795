import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ads, images } from '../db/schema';
import { type Database, rowsOf } from '../lib/db';
import type { TestServer } from './server';

/** What a browser sends: counted (Node's own fetch says 'node', which is a bot). */
export const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
export const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type AdValues = Partial<typeof ads.$inferInsert> & { withImage?: boolean };

/** An ad stored as the admin screen would store it, with a picture (no file: serving reads only the row). */
export async function createAd(db: Database, values: AdValues = {}) {
  const { withImage = true, ...rest } = values;
  let imageId: string | null = null;
  if (withImage) {
    const [image] = await db
      .insert(images)
      .values({
        kind: 'ad',
        storageKey: `ads/${randomUUID()}`,
        width: 1200,
        height: 300,
        widths: [480, 800, 1200],
        bytes: 1000,
      })
      .returning({ id: images.id });
    imageId = image!.id;
  }
  const [ad] = await db
    .insert(ads)
    .values({
      title: 'Sponsor',
      targetUrl: 'https://sponsor.example/landing?from=ovation',
      locations: ['header', 'sidebar', 'footer', 'between-songs', 'popup', 'banner'],
      startDate: '2000-01-01',
      imageId,
      ...rest,
    })
    .returning();
  return ad!;
}

/** A device id as the web app keeps one. */
export const newDevice = () => randomUUID();

export interface ServeOptions {
  device?: string;
  token?: string;
  agent?: string;
}

/** GET /api/ad-slots for one page, as a browser with a device id (and a session when `token`). */
export async function serveSlots(server: TestServer, slots: string[], options: ServeOptions = {}) {
  const headers: Record<string, string> = { 'user-agent': options.agent ?? BROWSER_AGENT };
  if (options.device) headers['x-device-id'] = options.device;
  const response = await server.request('GET', `/api/ad-slots?slots=${slots.join(',')}`, {
    headers,
    token: options.token,
  });
  if (response.status !== 200)
    throw new Error(`ad-slots: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.ads as Array<{ slot: number; location: string; id: string; token: string }>;
}

/** POST /api/ad-events with these tokens, as a browser (or `agent`). */
export function sendImpressions(server: TestServer, tokens: string[], agent = BROWSER_AGENT) {
  return server.request('POST', '/api/ad-events', {
    body: { impressions: tokens },
    headers: { 'user-agent': agent },
  });
}

/** GET /api/ad-click/<token> without following the redirect: answers the status and Location. */
export async function click(server: TestServer, path: string, agent = BROWSER_AGENT) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    headers: { 'user-agent': agent },
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location'), headers: response.headers };
}

export interface BucketRow {
  at: string;
  adId: string;
  location: string;
  impressions: number;
  clicks: number;
  uniqueViewers: number;
  filteredImpressions: number;
  filteredClicks: number;
}

/** Every bucket of a stats table, oldest first. */
export async function buckets(
  db: Database,
  table: 'ad_minute_stats' | 'ad_hour_stats',
): Promise<BucketRow[]> {
  const at = table === 'ad_minute_stats' ? sql`minute` : sql`hour`;
  const rows = await db.execute(sql`
    select ${at} as at, ad_id, location, impressions, clicks, unique_viewers, filtered_impressions, filtered_clicks
      from ${sql.identifier(table)} order by ${at}, ad_id, location`);
  return rowsOf<Record<string, unknown>>(rows).map((row) => ({
    at: new Date(row.at as string).toISOString(),
    adId: String(row.ad_id),
    location: String(row.location),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    uniqueViewers: Number(row.unique_viewers),
    filteredImpressions: Number(row.filtered_impressions),
    filteredClicks: Number(row.filtered_clicks),
  }));
}

/** The sums of one ad over a stats table. */
export async function totalsOf(db: Database, adId: string, table: 'ad_minute_stats' | 'ad_hour_stats') {
  const rows = (await buckets(db, table)).filter((row) => row.adId === adId);
  const sum = (name: keyof BucketRow) => rows.reduce((total, row) => total + Number(row[name]), 0);
  return {
    impressions: sum('impressions'),
    clicks: sum('clicks'),
    uniqueViewers: sum('uniqueViewers'),
    filteredImpressions: sum('filteredImpressions'),
    filteredClicks: sum('filteredClicks'),
  };
}

/** The rows of ad_viewer_hours: (hour, viewer). */
export async function viewerHours(db: Database) {
  const rows = await db.execute(
    sql`select hour, viewer::text as viewer from ad_viewer_hours order by hour, viewer`,
  );
  return rowsOf<{ hour: string; viewer: string }>(rows).map((row) => ({
    hour: new Date(row.hour).toISOString(),
    viewer: row.viewer,
  }));
}
