import { sql } from 'drizzle-orm';
import type { Database } from '../../lib/db';
import { HOUR_MS } from './counting-store';

/**
 * The counting buffer (issue 13, counting): events are added up in memory per (ad, location, minute) and
 * written about once a second, in ONE transaction: the minute buckets, the same counts added to the hour
 * buckets, and the viewers of each hour. A burst of impressions costs the database a few multi-row
 * statements a second, never a row per event, and no two events queue on one row.
 */

const MINUTE_MS = 60_000;
const FLUSH_INTERVAL_MS = 1000;

interface Counts {
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

const emptyCounts = (): Counts => ({
  impressions: 0,
  clicks: 0,
  minuteViewers: 0,
  hourViewers: 0,
  filteredImpressions: 0,
  filteredClicks: 0,
});

interface Bucket {
  /** The bucket's first instant (ms): a minute, or an hour. */
  at: number;
  adId: string;
  location: string;
  counts: Counts;
}

type CountName = keyof Counts;

/** What is waiting to be written: minute buckets and each hour's viewers. */
interface Pending {
  minutes: Map<string, Bucket>;
  /** hour (ms) → viewer keys (decimal strings of the signed 64-bit key). */
  viewerHours: Map<number, Set<string>>;
}

const emptyPending = (): Pending => ({ minutes: new Map(), viewerHours: new Map() });

export class CountingBuffer {
  private pending = emptyPending();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => {
      if (!this.isEmpty()) void this.flush().catch(onError);
    }, FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** A counted impression; `firstInHour`: the viewer's first counted one of this ad and location this hour. */
  countImpression(adId: string, location: string, at: Date, viewer: bigint, firstInHour: boolean) {
    const counts = this.bucket(adId, location, at);
    counts.impressions += 1;
    counts.minuteViewers += 1;
    // A viewer's first counted impression of this ad and place this hour: the only one that can be their
    // first of any ad this hour (a later one's viewer-hour row is already written, by this instance or another).
    if (!firstInHour) return;
    counts.hourViewers += 1;
    const hour = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS;
    let viewers = this.pending.viewerHours.get(hour);
    if (!viewers) {
      viewers = new Set();
      this.pending.viewerHours.set(hour, viewers);
    }
    viewers.add(viewer.toString());
  }

  /** A counted click, or an event filtered out (a bot, a repeat, a click without a view). */
  add(adId: string, location: string, at: Date, name: 'clicks' | 'filteredImpressions' | 'filteredClicks') {
    this.bucket(adId, location, at)[name] += 1;
  }

  /**
   * Writes what is pending now (and waits for a write under way first). A failed write puts its counts
   * back, to be written with the next ones, and throws: nothing is lost, nothing half-written.
   */
  flush(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.writeOnce());
    this.writing = next;
    return next;
  }

  async close() {
    clearInterval(this.timer);
    await this.flush();
  }

  private isEmpty() {
    return this.pending.minutes.size === 0 && this.pending.viewerHours.size === 0;
  }

  private bucket(adId: string, location: string, at: Date): Counts {
    const minute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
    const key = `${minute}|${adId}|${location}`;
    let bucket = this.pending.minutes.get(key);
    if (!bucket) {
      bucket = { at: minute, adId, location, counts: emptyCounts() };
      this.pending.minutes.set(key, bucket);
    }
    return bucket.counts;
  }

  private async writeOnce() {
    if (this.isEmpty()) return;
    const batch = this.pending;
    this.pending = emptyPending();
    try {
      await this.db.transaction(async (tx) => {
        const minutes = sorted([...batch.minutes.values()]);
        await upsertBuckets(tx, 'ad_minute_stats', 'minute', minutes, 'minuteViewers');
        await upsertBuckets(tx, 'ad_hour_stats', 'hour', hoursOf(minutes), 'hourViewers');
        await insertViewerHours(tx, batch.viewerHours);
      });
    } catch (error) {
      this.putBack(batch);
      throw error;
    }
  }

  private putBack(batch: Pending) {
    for (const bucket of batch.minutes.values()) {
      const counts = this.bucket(bucket.adId, bucket.location, new Date(bucket.at));
      for (const name of Object.keys(counts) as CountName[]) counts[name] += bucket.counts[name];
    }
    for (const [hour, viewers] of batch.viewerHours) {
      const current = this.pending.viewerHours.get(hour);
      if (!current) this.pending.viewerHours.set(hour, viewers);
      else for (const viewer of viewers) current.add(viewer);
    }
  }
}

/** Rows in key order: two instances writing overlapping buckets lock them in the same order (no deadlock). */
function sorted(buckets: Bucket[]): Bucket[] {
  return buckets.sort((a, b) => a.at - b.at || compare(a.adId, b.adId) || compare(a.location, b.location));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The minute buckets added up by UTC hour. */
function hoursOf(minutes: Bucket[]): Bucket[] {
  const hours = new Map<string, Bucket>();
  for (const minute of minutes) {
    const at = Math.floor(minute.at / HOUR_MS) * HOUR_MS;
    const key = `${at}|${minute.adId}|${minute.location}`;
    let hour = hours.get(key);
    if (!hour) {
      hour = { at, adId: minute.adId, location: minute.location, counts: emptyCounts() };
      hours.set(key, hour);
    }
    for (const name of Object.keys(hour.counts) as CountName[]) hour.counts[name] += minute.counts[name];
  }
  return sorted([...hours.values()]);
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
  buckets: Bucket[],
  viewers: 'minuteViewers' | 'hourViewers',
) {
  if (buckets.length === 0) return;
  const list = (read: (bucket: Bucket) => string | number) => sql.param(buckets.map(read));
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
