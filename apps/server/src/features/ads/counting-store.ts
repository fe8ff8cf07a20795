import { AD_LOCATIONS, AD_TOKEN_MAX_AGE_SECONDS, type AdLocation } from '@ovation/shared';
import type { AdUsage } from './serving';
import { ViewerField, ViewerTable } from './viewer-table';

/**
 * What counting must decide atomically: whether a viewer's impression of an ad at a
 * location repeats one counted within the last minute, whether the ad is still under its caps (and if so
 * counts it against them), and whether a click follows an impression of the same viewer. Kept in Redis
 * when REDIS_URL is set (redis-counting-store.ts), so every instance sees the same viewers and caps, and
 * in this process otherwise (below).
 */

/** A second impression (or click) of the same viewer, ad and location within this time is not counted. */
export const REPEAT_WINDOW_MS = 60_000;
/** A click counts after an impression of the same viewer, ad and location within a token's lifetime. */
export const SEEN_WINDOW_MS = AD_TOKEN_MAX_AGE_SECONDS * 1000;
export const HOUR_MS = 60 * 60 * 1000;

export interface ImpressionCheck {
  adId: string;
  location: string;
  /** The viewer key, as 16 hex digits. */
  viewer: string;
  /** The event's time (ms): the server's clock. */
  now: number;
  /** Today's calendar date in the platform's timezone: the daily cap's day. */
  day: string;
  maxTotal: number;
  maxDaily: number;
}

/**
 * counted: a new impression, counted against the caps (`firstInHour`: the viewer's first counted one of
 * this ad and location in this UTC hour). repeat: one was counted within the minute (filtered). overCap:
 * a cap is reached (dropped: neither counted nor filtered).
 */
export type ImpressionOutcome =
  | { kind: 'counted'; firstInHour: boolean }
  | { kind: 'repeat' }
  | { kind: 'overCap' };

/** counted; repeat (a click counted within the minute); unseen (no impression before it): both filtered. */
export type ClickOutcome = 'counted' | 'repeat' | 'unseen';

export interface ClickCheck {
  adId: string;
  location: string;
  viewer: string;
  now: number;
}

/** An ad's counted impressions as the database has them: all time, and on `day`. */
export type SeedUsage = (adId: string, day: string) => Promise<AdUsage>;

export interface CountingStore {
  impression(check: ImpressionCheck): Promise<ImpressionOutcome>;
  click(check: ClickCheck): Promise<ClickOutcome>;
  /**
   * Records a token's use (`key`: the event kind and the token) until `expiresAt` (ms), when it stops
   * verifying anyway; false when it was already used: a replayed beacon or click link is filtered.
   */
  firstUse(key: string, now: number, expiresAt: number): Promise<boolean>;
  /** The counted impressions of these ads, all time and on `day` (serving leaves out ads over a cap). */
  usage(adIds: readonly string[], day: string): Promise<Map<string, AdUsage>>;
}

export const hourStart = (now: number) => Math.floor(now / HOUR_MS) * HOUR_MS;

/**
 * One process's viewers and caps, without Redis. The counters are read from the database (`seed`) the
 * first time an ad (and, for the daily cap, a day) is counted here, then kept up to date in memory: one
 * process counts every event, so they stay exact. Checks run without awaiting anything once seeded, so
 * two impressions never interleave.
 */
export class MemoryCountingStore implements CountingStore {
  private readonly viewers = new ViewerTable();
  /** Tokens used, with the time each stops verifying (in the seenAt field); bounded as the viewers are. */
  private readonly usedTokens = new ViewerTable();
  /** Ads by a small number, for short viewer keys. */
  private readonly adNumbers = new Map<string, number>();
  private readonly totals = new Map<string, number>();
  /** day → ad → count; only the latest days are kept. */
  private readonly dailies = new Map<string, Map<string, number>>();
  private readonly seeding = new Map<string, Promise<void>>();

  constructor(private readonly seed: SeedUsage) {}

  async impression(check: ImpressionCheck): Promise<ImpressionOutcome> {
    await this.ensureSeeded(check.adId, check.day);
    const { viewers } = this;
    const slot = viewers.slotFor(this.viewerKeyOf(check));
    viewers.set(slot, ViewerField.seenAt, check.now);
    if (check.now - viewers.get(slot, ViewerField.countedAt) < REPEAT_WINDOW_MS) return { kind: 'repeat' };
    const total = this.totals.get(check.adId) ?? 0;
    const dayCounts = this.dailies.get(check.day)!;
    const daily = dayCounts.get(check.adId) ?? 0;
    if ((check.maxTotal > 0 && total >= check.maxTotal) || (check.maxDaily > 0 && daily >= check.maxDaily))
      return { kind: 'overCap' };
    this.totals.set(check.adId, total + 1);
    dayCounts.set(check.adId, daily + 1);
    const hour = hourStart(check.now);
    const firstInHour = viewers.get(slot, ViewerField.countedHour) !== hour;
    viewers.set(slot, ViewerField.countedAt, check.now);
    viewers.set(slot, ViewerField.countedHour, hour);
    return { kind: 'counted', firstInHour };
  }

  async click(check: ClickCheck): Promise<ClickOutcome> {
    const { viewers } = this;
    const slot = viewers.find(this.viewerKeyOf(check));
    if (slot === undefined || check.now - viewers.get(slot, ViewerField.seenAt) > SEEN_WINDOW_MS)
      return 'unseen';
    if (check.now - viewers.get(slot, ViewerField.clickedAt) < REPEAT_WINDOW_MS) return 'repeat';
    viewers.set(slot, ViewerField.clickedAt, check.now);
    return 'counted';
  }

  async firstUse(key: string, now: number, expiresAt: number): Promise<boolean> {
    const used = this.usedTokens;
    const found = used.find(key);
    if (found !== undefined && used.get(found, ViewerField.seenAt) > now) return false;
    used.set(used.slotFor(key), ViewerField.seenAt, expiresAt);
    return true;
  }

  async usage(adIds: readonly string[], day: string): Promise<Map<string, AdUsage>> {
    await Promise.all(adIds.map((adId) => this.ensureSeeded(adId, day)));
    const dayCounts = this.dailies.get(day);
    return new Map(
      adIds.map((adId) => [adId, { total: this.totals.get(adId) ?? 0, daily: dayCounts?.get(adId) ?? 0 }]),
    );
  }

  /** A short key: the ad's number here, the location's index, the viewer's 16 hex digits. */
  private viewerKeyOf(check: { adId: string; location: string; viewer: string }) {
    let number = this.adNumbers.get(check.adId);
    if (number === undefined) {
      number = this.adNumbers.size;
      this.adNumbers.set(check.adId, number);
    }
    return `${number}.${AD_LOCATIONS.indexOf(check.location as AdLocation)}.${check.viewer}`;
  }

  private ensureSeeded(adId: string, day: string): Promise<void> {
    if (this.totals.has(adId) && this.dailies.get(day)?.has(adId)) return Promise.resolve();
    const key = `${adId}|${day}`;
    let seeding = this.seeding.get(key);
    if (!seeding) {
      seeding = this.seed(adId, day)
        .then((usage) => {
          if (!this.totals.has(adId)) this.totals.set(adId, usage.total);
          const dayCounts = this.dayCounts(day);
          if (!dayCounts.has(adId)) dayCounts.set(adId, usage.daily);
        })
        .finally(() => this.seeding.delete(key));
      this.seeding.set(key, seeding);
    }
    return seeding;
  }

  /** The counts of a day, a new day dropping all but the day before it. */
  private dayCounts(day: string): Map<string, number> {
    let counts = this.dailies.get(day);
    if (!counts) {
      counts = new Map();
      this.dailies.set(day, counts);
      const days = [...this.dailies.keys()].sort();
      for (const old of days.slice(0, -2)) this.dailies.delete(old);
    }
    return counts;
  }
}
