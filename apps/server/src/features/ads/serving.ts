import { AD_LOCATIONS, type AdLocation, isAdTargetUrl } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { toImageRef } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { findKnownAds } from './repository';

/**
 * Which ads a page gets: the rules on one ad (active, inside its dates, with a picture,
 * under its caps) and the weighted draw over a page's slots. Pure functions over the ads list the runtime
 * keeps for a few seconds, so serving costs no database query.
 */

export interface AdImage {
  url: string;
  srcSet: string;
  width: number;
  height: number;
}

/** An ad as serving and counting need it (every ad, servable or not: counting needs the caps of any). */
export interface KnownAd {
  id: string;
  title: string;
  description: string;
  targetUrl: string;
  isActive: boolean;
  locations: AdLocation[];
  weight: number;
  /** 'YYYY-MM-DD' in the platform's timezone, inclusive. */
  startDate: string;
  endDate: string | null;
  maxDailyImpressions: number;
  maxTotalImpressions: number;
  /** Null when the ad has no picture (its library image was deleted): never served. */
  image: AdImage | null;
}

/** How many impressions an ad has had: all time, and today in the platform's timezone. */
export interface AdUsage {
  total: number;
  daily: number;
}

/** Every ad with its picture's renditions (a few dozen rows at most: an awards night's sponsors). */
export async function loadKnownAds(db: Database, storage: FileStorage): Promise<KnownAd[]> {
  const rows = await findKnownAds(db);
  return rows.map((row) => ({
    ...row,
    locations: AD_LOCATIONS.filter((location) => row.locations.includes(location)),
    image: toImageRef(storage, row.image?.storageKey ? row.image : null),
  }));
}

export const hasCaps = (ad: KnownAd) => ad.maxDailyImpressions > 0 || ad.maxTotalImpressions > 0;

/** Whether an ad may be shown on `today` (a calendar date in the platform's timezone), caps aside. */
export function isShowable(ad: KnownAd, today: string): boolean {
  return (
    ad.isActive &&
    ad.image !== null &&
    ad.locations.length > 0 &&
    ad.startDate <= today &&
    (ad.endDate === null || ad.endDate >= today) &&
    isAdTargetUrl(ad.targetUrl)
  );
}

/** Whether an ad is under both its caps (0 meaning unlimited). */
export function isUnderCaps(ad: KnownAd, usage: AdUsage | undefined): boolean {
  if (!hasCaps(ad)) return true;
  const { total, daily } = usage ?? { total: 0, daily: 0 };
  return (
    (ad.maxTotalImpressions === 0 || total < ad.maxTotalImpressions) &&
    (ad.maxDailyImpressions === 0 || daily < ad.maxDailyImpressions)
  );
}

/** An ad drawn for one slot of a page. */
export interface AdPick {
  slot: number;
  location: AdLocation;
  ad: KnownAd;
}

/**
 * Fills a page's slots in order: each one draws among the candidates listing its location that are not
 * on the page yet, with a chance in proportion to weight. A slot nothing is left for stays out.
 * `random` answers in [0, 1) (Math.random; a seeded one in tests).
 */
export function pickAds(slots: readonly AdLocation[], candidates: readonly KnownAd[], random: () => number) {
  const chosen = new Set<string>();
  const picks: AdPick[] = [];
  slots.forEach((location, slot) => {
    const eligible = candidates.filter((ad) => !chosen.has(ad.id) && ad.locations.includes(location));
    const ad = drawByWeight(eligible, random);
    if (!ad) return;
    chosen.add(ad.id);
    picks.push({ slot, location, ad });
  });
  return picks;
}

function drawByWeight(ads: readonly KnownAd[], random: () => number): KnownAd | undefined {
  const total = ads.reduce((sum, ad) => sum + ad.weight, 0);
  let point = random() * total;
  for (const ad of ads) {
    point -= ad.weight;
    if (point < 0) return ad;
  }
  // Floating point left a sliver past the last ad: it belongs to the last one.
  return ads.at(-1);
}

/** The target's host, shown on the ad so a visitor knows where a click goes ('example.com'). */
export function targetHostOf(targetUrl: string): string {
  try {
    return new URL(targetUrl).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}
