import { AD_LOCATIONS, type AdLocation, type AdminAd, type AdState } from '@ovation/shared';
import { fileNameOf, imageVariantKey, toImageRef } from '../../lib/images';
import { percentOf } from '../../lib/ranking';
import type { FileStorage } from '../../lib/storage';
import type { AdminAdRow } from './repository';
import type { StatSums } from './stats-repository';

/** An ad's counted sums, as its view and its state need them. */
export interface AdCounts {
  /** All time. */
  total: StatSums;
  /** Since the start of today in the platform's timezone. */
  today: StatSums;
}

/** Click-through rate in percent, two decimals (3 clicks of 400 impressions: 0.75); 0 without impressions. */
export function ctrOf(clicks: number, impressions: number): number {
  return percentOf(clicks, impressions);
}

/** The stored locations, in the list's order, dropping any the app no longer knows. */
export function locationsOf(stored: readonly string[]): AdLocation[] {
  return AD_LOCATIONS.filter((location) => stored.includes(location));
}

/**
 * Whether the ad can be served now, and if not why: switched off, before its start date, past its end date
 * (inclusive, so an ad ending today still shows today), its total cap reached, or today's cap reached.
 * `today` is the calendar date ('YYYY-MM-DD') in the platform's timezone, as the dates are stored.
 */
export function adStateOf(
  ad: Pick<AdminAdRow, 'isActive' | 'startDate' | 'endDate' | 'maxDailyImpressions' | 'maxTotalImpressions'>,
  counts: AdCounts,
  today: string,
): AdState {
  if (!ad.isActive) return 'inactive';
  if (ad.endDate && today > ad.endDate) return 'ended';
  if (today < ad.startDate) return 'scheduled';
  if (ad.maxTotalImpressions > 0 && counts.total.impressions >= ad.maxTotalImpressions) return 'capped';
  if (ad.maxDailyImpressions > 0 && counts.today.impressions >= ad.maxDailyImpressions) return 'cappedToday';
  return 'active';
}

/** One ad as the admin screens show it (GET /ads and every write's answer). */
export function toAdminAd(storage: FileStorage, row: AdminAdRow, counts: AdCounts, today: string): AdminAd {
  const image = row.image && row.image.widths.length > 0 ? row.image : null;
  const largest = image ? Math.max(...image.widths) : 0;
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    targetUrl: row.targetUrl,
    imageUrl: image ? storage.urlFor(imageVariantKey(image.storageKey, largest)) : null,
    srcSet: image ? (toImageRef(storage, image)?.srcSet ?? '') : '',
    imageFilename: image ? fileNameOf(image.storageKey, largest) : null,
    imageSource: image ? (image.kind === 'library' ? 'library' : 'upload') : null,
    width: image?.width ?? null,
    height: image?.height ?? null,
    isActive: row.isActive,
    state: adStateOf(row, counts, today),
    displaySettings: {
      locations: locationsOf(row.locations),
      weight: row.weight,
      startDate: row.startDate,
      endDate: row.endDate,
      maxDailyImpressions: row.maxDailyImpressions,
      maxTotalImpressions: row.maxTotalImpressions,
    },
    analytics: {
      totalImpressions: counts.total.impressions,
      totalClicks: counts.total.clicks,
      ctr: ctrOf(counts.total.clicks, counts.total.impressions),
      todayImpressions: counts.today.impressions,
    },
    createdBy: row.creatorName ? { name: row.creatorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
