import { sql } from 'drizzle-orm';
import type { Database } from '../../lib/db';

/*
 * The counting buffer's writes (counting.ts): what it added up in memory, written in one transaction.
 */

/** What one bucket counted. */
export interface Counts {
  impressions: number;
  clicks: number;
  /**
   * Distinct viewers with a counted impression. In a minute bucket that is one per counted impression: a
   * viewer's counted impressions of one ad at one location are at least a minute apart (the repeat rule),
   * so never two in one minute. In an hour bucket it is the viewer's first counted one of the hour.
   */
  minuteViewers: number;
  hourViewers: number;
  filteredImpressions: number;
  filteredClicks: number;
}

export const emptyCounts = (): Counts => ({
  impressions: 0,
  clicks: 0,
  minuteViewers: 0,
  hourViewers: 0,
  filteredImpressions: 0,
  filteredClicks: 0,
});

export interface CountedBucket {
  /** The bucket's first instant (ms): a minute, or an hour. */
  at: number;
  adId: string;
  location: string;
  counts: Counts;
}

export type CountName = keyof Counts;

/**
 * Writes one batch in ONE transaction: the minute buckets, the same counts added to the hour buckets, and
 * the viewers of each hour. Buckets come in key order (two instances lock overlapping rows in one order).
 */
export async function writeCountedBuckets(
  db: Database,
  batch: { minutes: CountedBucket[]; hours: CountedBucket[]; viewerHours: Map<number, Set<string>> },
) {
  await db.transaction(async (tx) => {
    await upsertBuckets(tx, 'ad_minute_stats', 'minute', batch.minutes, 'minuteViewers');
    await upsertBuckets(tx, 'ad_hour_stats', 'hour', batch.hours, 'hourViewers');
    await insertViewerHours(tx, batch.viewerHours);
  });
}

/**
 * Adds buckets to a stats table in one statement. Only ads that still exist are written: the pending
 * counts of an ad deleted meanwhile are dropped (should it be deleted between this read and the write, the
 * foreign key fails the transaction and the retry leaves it out).
 */
async function upsertBuckets(
  tx: Database,
  table: 'ad_minute_stats' | 'ad_hour_stats',
  column: 'minute' | 'hour',
  buckets: CountedBucket[],
  viewers: 'minuteViewers' | 'hourViewers',
) {
  if (buckets.length === 0) return;
  const list = (read: (bucket: CountedBucket) => string | number) => sql.param(buckets.map(read));
  await tx.execute(sql`
    insert into ${sql.identifier(table)} as s
      (${sql.identifier(column)}, ad_id, location, impressions, clicks, unique_viewers,
       filtered_impressions, filtered_clicks)
    select v.at, v.ad_id, v.location, v.impressions, v.clicks, v.viewers, v.filtered_impressions, v.filtered_clicks
      from unnest(${list((b) => new Date(b.at).toISOString())}::timestamptz[], ${list((b) => b.adId)}::uuid[],
                  ${list((b) => b.location)}::text[], ${list((b) => b.counts.impressions)}::int4[],
                  ${list((b) => b.counts.clicks)}::int4[], ${list((b) => b.counts[viewers])}::int4[],
                  ${list((b) => b.counts.filteredImpressions)}::int4[], ${list((b) => b.counts.filteredClicks)}::int4[])
           as v(at, ad_id, location, impressions, clicks, viewers, filtered_impressions, filtered_clicks)
      join ads on ads.id = v.ad_id
     order by v.at, v.ad_id, v.location
    on conflict (${sql.identifier(column)}, ad_id, location) do update set
      impressions = s.impressions + excluded.impressions,
      clicks = s.clicks + excluded.clicks,
      unique_viewers = s.unique_viewers + excluded.unique_viewers,
      filtered_impressions = s.filtered_impressions + excluded.filtered_impressions,
      filtered_clicks = s.filtered_clicks + excluded.filtered_clicks`);
}

/**
 * One row per viewer per hour with a counted impression; a row already there (another instance's) stays.
 * Inserted in key order, as the buckets are.
 */
async function insertViewerHours(tx: Database, viewerHours: Map<number, Set<string>>) {
  const hours: string[] = [];
  const viewers: string[] = [];
  for (const [hour, set] of viewerHours) {
    const at = new Date(hour).toISOString();
    for (const viewer of set) {
      hours.push(at);
      viewers.push(viewer);
    }
  }
  if (hours.length === 0) return;
  await tx.execute(sql`
    insert into ad_viewer_hours (hour, viewer)
    select * from unnest(${sql.param(hours)}::timestamptz[], ${sql.param(viewers)}::int8[]) as v(hour, viewer)
     order by 1, 2
    on conflict do nothing`);
}
