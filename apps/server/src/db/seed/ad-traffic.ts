import type { AdLocation } from '@ovation/shared';
import { createSeededRandom, hashToUint32 } from './deterministic';

/**
 * A month of ad traffic for the demo, in the shape the counting buffer writes: counted and
 * filtered counts per (ad, location) bucket, and the viewers of each hour.
 *
 * To keep a first start quick, only the last 24 hours are kept by the minute (as the counting writes
 * them); the 30 days before are kept by the hour only. Both tables agree where both hold a bucket: every
 * hour of the last day is the sum of its minutes. The report reads whole hours from ad_hour_stats and
 * only the minutes at a range's edges, which in the demo's timezone (UTC) fall on whole hours, so every
 * figure the admin sees is complete.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** Whole days of hourly traffic before today: the report's default range (30 days) is full. */
export const TRAFFIC_DAYS = 30;
/** The last hours also kept by the minute. */
const MINUTE_HOURS = 24;

/**
 * Counted impressions an hour at each location at the evening peak, shared among the ads shown there in
 * proportion to their weights, as serving shares them. Cards between songs are seen most; the sidebar
 * only on wide screens; the popup at most once a day per visitor.
 */
const PEAK_IMPRESSIONS_PER_HOUR: Record<AdLocation, number> = {
  header: 150,
  'between-songs': 210,
  banner: 110,
  footer: 45,
  sidebar: 55,
  popup: 20,
};

/** Share of the peak by hour of day (UTC, close to the audience's clocks): quiet nights, busy evenings. */
const HOURLY_SHAPE = [
  0.25, 0.18, 0.14, 0.12, 0.14, 0.22, 0.35, 0.5, 0.6, 0.65, 0.7, 0.72, 0.75, 0.72, 0.7, 0.72, 0.8, 0.9, 1, 1,
  0.95, 0.85, 0.6, 0.4,
];
/** Weekends are busier; interest grows towards the awards night (0.65 a month ago, 1.15 now). */
const WEEKEND_FACTOR = 1.15;
const TREND_START = 0.65;
const TREND_GROWTH = 0.5;
/** Distinct viewers of an hour: about one for every five impressions (several slots, several pages). */
const IMPRESSIONS_PER_VIEWER = 5;
/** The returning audience the viewers are drawn from, and the step through it (coprime with it). */
export const VIEWER_POOL = 12_000;
export const VIEWER_STEP = 7;
/** Demo viewer keys sit far from 0; real ones are 64-bit keyed hashes, so they do not meet. */
export const DEMO_VIEWER_BASE = 7_000_000_000;

/** What the simulation needs of an ad. */
export interface TrafficAd {
  id: string;
  locations: readonly AdLocation[];
  weight: number;
  /** Counted clicks per counted impression. */
  clickRate: number;
  /** Shown from this instant on (inclusive) until `until` (exclusive); none: to now. */
  from: Date;
  until?: Date;
}

export interface SeedBucket {
  at: Date;
  adId: string;
  location: AdLocation;
  impressions: number;
  clicks: number;
  uniqueViewers: number;
  filteredImpressions: number;
  filteredClicks: number;
}

/** An hour's viewers: `count` keys from the pool, starting at `first`, VIEWER_STEP apart. */
export interface SeedViewerHour {
  hour: Date;
  count: number;
  first: number;
}

export interface AdTraffic {
  minutes: SeedBucket[];
  hours: SeedBucket[];
  viewerHours: SeedViewerHour[];
}

/**
 * A whole count whose expected value is `value`: rounded up with the probability of its fraction, so an
 * hour expecting 0.3 clicks has one three times in ten instead of never.
 */
function countOf(value: number, random: () => number): number {
  return Math.floor(value + random());
}

/** Counted and filtered counts for `impressions` counted impressions: clicks, bots and repeats beside. */
function countsFor(impressions: number, clickRate: number, random: () => number) {
  const clicks = Math.min(impressions, countOf(impressions * clickRate * (0.6 + 0.8 * random()), random));
  return {
    impressions,
    clicks,
    // Bots and repeats within a minute: 5-15% of what arrives is set aside.
    filteredImpressions: countOf(impressions * (0.05 + 0.1 * random()), random),
    // Most raw clicks on ads are bots', or come without a view.
    filteredClicks: countOf(clicks * (1 + 3 * random()) + 0.1, random),
  };
}

/** Spreads an hour's counts over its first `minutes` minutes; clicks only where there were impressions. */
function spreadOverMinutes(hour: SeedBucket, minutes: number, random: () => number): SeedBucket[] {
  const byMinute = Array.from({ length: minutes }, (_, index) => ({
    ...hour,
    at: new Date(hour.at.getTime() + index * MINUTE_MS),
    impressions: 0,
    clicks: 0,
    uniqueViewers: 0,
    filteredImpressions: 0,
    filteredClicks: 0,
  }));
  const pick = () => byMinute[Math.floor(random() * minutes)]!;
  for (let count = 0; count < hour.impressions; count += 1) pick().impressions += 1;
  for (let count = 0; count < hour.filteredImpressions; count += 1) pick().filteredImpressions += 1;
  for (let count = 0; count < hour.filteredClicks; count += 1) pick().filteredClicks += 1;
  const seen = byMinute.filter((minute) => minute.impressions > 0);
  for (let count = 0; count < hour.clicks && seen.length > 0; count += 1) {
    const minute = seen[Math.floor(random() * seen.length)]!;
    if (minute.clicks < minute.impressions) minute.clicks += 1;
  }
  for (const minute of byMinute) minute.uniqueViewers = minute.impressions; // one view each in a minute
  return byMinute.filter(
    (minute) => minute.impressions + minute.filteredImpressions + minute.filteredClicks > 0,
  );
}

/** The minute buckets summed back into their hour: the hour row holds exactly what its minutes hold. */
function sumMinutes(hour: SeedBucket, minutes: readonly SeedBucket[]): SeedBucket {
  const total = {
    ...hour,
    impressions: 0,
    clicks: 0,
    uniqueViewers: 0,
    filteredImpressions: 0,
    filteredClicks: 0,
  };
  for (const minute of minutes) {
    total.impressions += minute.impressions;
    total.clicks += minute.clicks;
    total.uniqueViewers += minute.uniqueViewers;
    total.filteredImpressions += minute.filteredImpressions;
    total.filteredClicks += minute.filteredClicks;
  }
  return total;
}

function isShowing(ad: TrafficAd, hour: Date): boolean {
  return hour.getTime() >= ad.from.getTime() && (!ad.until || hour.getTime() < ad.until.getTime());
}

/** How busy the site is in this hour, relative to an evening peak today. */
function busyness(hour: Date, now: Date): number {
  const daysAgo = (now.getTime() - hour.getTime()) / DAY_MS;
  const trend = TREND_START + TREND_GROWTH * Math.max(0, 1 - daysAgo / TRAFFIC_DAYS);
  const weekday = hour.getUTCDay();
  return HOURLY_SHAPE[hour.getUTCHours()]! * trend * (weekday === 0 || weekday === 6 ? WEEKEND_FACTOR : 1);
}

/**
 * Simulates the traffic of `ads` from the start of the day TRAFFIC_DAYS days before `now` up to `now`:
 * each location's traffic shared among the ads showing there by weight, hour by hour, with some noise;
 * minutes for the last MINUTE_HOURS hours (the current hour only up to now); viewers per hour.
 */
export function simulateAdTraffic(ads: readonly TrafficAd[], now: Date): AdTraffic {
  const random = createSeededRandom(hashToUint32('demo ad traffic'));
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const firstHour = Math.floor(now.getTime() / DAY_MS) * DAY_MS - TRAFFIC_DAYS * DAY_MS;
  const firstMinuteHour = currentHour - (MINUTE_HOURS - 1) * HOUR_MS;
  const traffic: AdTraffic = { minutes: [], hours: [], viewerHours: [] };

  for (let at = firstHour; at <= currentHour; at += HOUR_MS) {
    const hour = new Date(at);
    // The current hour has only run for part of its minutes.
    const minutesRun = at === currentHour ? Math.floor((now.getTime() - at) / MINUTE_MS) : 60;
    if (minutesRun === 0) break;
    let hourImpressions = 0;
    for (const [location, peak] of Object.entries(PEAK_IMPRESSIONS_PER_HOUR) as Array<[AdLocation, number]>) {
      const showing = ads.filter((ad) => ad.locations.includes(location) && isShowing(ad, hour));
      const totalWeight = showing.reduce((sum, ad) => sum + ad.weight, 0);
      for (const ad of showing) {
        const expected = (peak * busyness(hour, now) * ad.weight * minutesRun) / totalWeight / 60;
        const impressions = countOf(expected * (0.8 + 0.4 * random()), random);
        const bucket = {
          at: hour,
          adId: ad.id,
          location,
          uniqueViewers: 0,
          ...countsFor(impressions, ad.clickRate, random),
        };
        if (at >= firstMinuteHour) {
          const minutes = spreadOverMinutes(bucket, minutesRun, random);
          traffic.minutes.push(...minutes);
          traffic.hours.push(sumMinutes(bucket, minutes));
        } else {
          bucket.uniqueViewers = Math.round(impressions * 0.8);
          traffic.hours.push(bucket);
        }
        hourImpressions += impressions;
      }
    }
    const viewers = Math.min(VIEWER_POOL, Math.ceil(hourImpressions / IMPRESSIONS_PER_VIEWER));
    if (viewers > 0)
      traffic.viewerHours.push({ hour, count: viewers, first: Math.floor(random() * VIEWER_POOL) });
  }
  return traffic;
}
