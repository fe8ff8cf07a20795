import type { Database } from '../../lib/db';
import {
  type CountedBucket,
  type CountName,
  type Counts,
  emptyCounts,
  writeCountedBuckets,
} from './counting-repository';
import { HOUR_MS } from './counting-store';

/**
 * The counting buffer: events are added up in memory per (ad, location, minute) and
 * written about once a second, in ONE transaction: the minute buckets, the same counts added to the hour
 * buckets, and the viewers of each hour. A burst of impressions costs the database a few multi-row
 * statements a second, never a row per event, and no two events queue on one row.
 */

const MINUTE_MS = 60_000;
const FLUSH_INTERVAL_MS = 1000;

/** What is waiting to be written: minute buckets and each hour's viewers. */
interface Pending {
  minutes: Map<string, CountedBucket>;
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
      const minutes = sorted([...batch.minutes.values()]);
      await writeCountedBuckets(this.db, {
        minutes,
        hours: hoursOf(minutes),
        viewerHours: batch.viewerHours,
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
function sorted(buckets: CountedBucket[]): CountedBucket[] {
  return buckets.sort((a, b) => a.at - b.at || compare(a.adId, b.adId) || compare(a.location, b.location));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The minute buckets added up by UTC hour. */
function hoursOf(minutes: CountedBucket[]): CountedBucket[] {
  const hours = new Map<string, CountedBucket>();
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
