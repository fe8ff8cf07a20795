import {
  AD_ANALYTICS_CSV_HEADER,
  AD_ANALYTICS_DEFAULT_DAYS,
  AD_ANALYTICS_MAX_DAYS,
  AD_LOCATIONS,
  type AdAnalyticsPage,
  type AdLocation,
  type AdTraffic,
  type AdTrafficGroup,
  type AdTrafficStat,
  adAnalyticsFileName,
  validationMessage,
} from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { CellValue } from '../../lib/downloads';
import { Invalid } from '../../lib/errors';
import { toImageRef } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { calendarDateIn, dateRangeIn } from '../../lib/zoned-calendar';
import { platformTimezone } from '../voting/settings-service';
import { addDays, daysIn, periodsOf } from './analytics-periods';
import {
  type AdLocationSums,
  findAdSummaries,
  type InstantRange,
  sumsByAdAndLocation,
  sumsByPeriod,
} from './analytics-repository';
import { AdViewerCounts } from './analytics-viewers';
import { ctrOf } from './presenter';
import { EMPTY_SUMS, type StatSums } from './stats-repository';

export interface AdAnalyticsDependencies {
  db: Database;
  clock: Clock;
  storage: FileStorage;
}

/** Top Performing Ads: the first ten by counted impressions. */
const TOP_ADS = 10;

/** The report's range: inclusive calendar dates in the platform's timezone and the instants they cover. */
export interface AnalyticsRange extends InstantRange {
  startDate: string;
  endDate: string;
  timezone: string;
}

function rangeError(key: 'dateRangeInvalid' | 'dateRangeTooLong', params?: Record<string, string>) {
  const message = validationMessage(key);
  return Invalid('VALIDATION_ERROR', {
    errors: [{ field: 'endDate', message, key: message, ...(params ? { params } : {}) }],
  });
}

/**
 * The range a query asks for: the end date defaults to today and the start date to 30 days ending there,
 * both in `timezone`; an end before the start, or more than AD_ANALYTICS_MAX_DAYS days, is refused (400).
 */
export function resolveRange(
  query: { startDate?: string; endDate?: string },
  timezone: string,
  now: Date,
): AnalyticsRange {
  const endDate = query.endDate ?? calendarDateIn(now, timezone);
  const startDate = query.startDate ?? addDays(endDate, 1 - AD_ANALYTICS_DEFAULT_DAYS);
  if (endDate < startDate) throw rangeError('dateRangeInvalid');
  if (daysIn(startDate, endDate) > AD_ANALYTICS_MAX_DAYS)
    throw rangeError('dateRangeTooLong', { maximum: String(AD_ANALYTICS_MAX_DAYS) });
  const { start, endBefore } = dateRangeIn({ from: startDate, to: endDate }, timezone);
  return { startDate, endDate, timezone, from: start!, to: endBefore! };
}

function addSums(total: StatSums, row: StatSums): StatSums {
  return {
    impressions: total.impressions + row.impressions,
    clicks: total.clicks + row.clicks,
    filteredImpressions: total.filteredImpressions + row.filteredImpressions,
    filteredClicks: total.filteredClicks + row.filteredClicks,
  };
}

/**
 * One row per period of `group` over the range, zero-filled: counted impressions and clicks, distinct
 * viewers, CTR, the ads that had impressions, and the filtered (bot and repeat) counts beside them.
 */
async function trafficOf(
  db: Database,
  viewers: AdViewerCounts,
  range: AnalyticsRange,
  group: AdTrafficGroup,
): Promise<AdTrafficStat[]> {
  const periods = periodsOf(range, group, range.timezone);
  const starts = periods.map((period) => period.start);
  // Each period's viewers within the range (a week's Monday or a month's first day may lie before it).
  const periodRanges = starts.map((start, index) => ({
    from: new Date(Math.max(start.getTime(), range.from.getTime())),
    to: new Date(Math.min(starts[index + 1]?.getTime() ?? Number.POSITIVE_INFINITY, range.to.getTime())),
  }));
  const [sums, uniqueViews] = await Promise.all([
    sumsByPeriod(db, range, starts),
    viewers.count(periodRanges),
  ]);
  const sumsByIndex = new Map(sums.map((row) => [row.period, row]));
  return periods.map((period, index) => {
    const counted = sumsByIndex.get(index);
    const impressions = counted?.impressions ?? 0;
    const clicks = counted?.clicks ?? 0;
    return {
      period: period.label,
      start: period.start.toISOString(),
      hour: period.hour,
      day: period.day,
      week: period.week,
      month: period.month,
      year: period.year,
      totalImpressions: impressions,
      totalClicks: clicks,
      totalUniqueViews: uniqueViews[index] ?? 0,
      ctr: ctrOf(clicks, impressions),
      uniqueAdCount: counted?.uniqueAds ?? 0,
      filteredImpressions: counted?.filteredImpressions ?? 0,
      filteredClicks: counted?.filteredClicks ?? 0,
    };
  });
}

/** Performance by Location: every location, in the list's order, with the ads that had impressions there. */
function locationStatsOf(rows: readonly AdLocationSums[]): AdAnalyticsPage['locationStats'] {
  return AD_LOCATIONS.map((location: AdLocation) => {
    const here = rows.filter((row) => row.location === location);
    const sums = here.reduce(addSums, EMPTY_SUMS);
    return {
      location,
      totalImpressions: sums.impressions,
      totalClicks: sums.clicks,
      ctr: ctrOf(sums.clicks, sums.impressions),
      adCount: new Set(here.filter((row) => row.impressions > 0).map((row) => row.adId)).size,
    };
  });
}

/** Top Performing Ads: most counted impressions first, then most clicks, then by title. */
async function topAdsOf(
  deps: AdAnalyticsDependencies,
  rows: readonly AdLocationSums[],
): Promise<AdAnalyticsPage['topAds']> {
  const byAd = new Map<string, StatSums>();
  for (const row of rows) byAd.set(row.adId, addSums(byAd.get(row.adId) ?? EMPTY_SUMS, row));
  const counted = [...byAd].filter(([, sums]) => sums.impressions > 0 || sums.clicks > 0);
  const summaries = new Map(
    (
      await findAdSummaries(
        deps.db,
        counted.map(([adId]) => adId),
      )
    ).map((ad) => [ad.id, ad]),
  );
  return counted
    .flatMap(([adId, sums]) => {
      const ad = summaries.get(adId);
      if (!ad) return []; // deleted since the sums were read
      return [
        {
          adId,
          title: ad.title,
          imageUrl: toImageRef(deps.storage, ad.image)?.url ?? null,
          totalImpressions: sums.impressions,
          totalClicks: sums.clicks,
          ctr: ctrOf(sums.clicks, sums.impressions),
        },
      ];
    })
    .sort(
      (a, b) =>
        b.totalImpressions - a.totalImpressions ||
        b.totalClicks - a.totalClicks ||
        a.title.localeCompare(b.title),
    )
    .slice(0, TOP_ADS);
}

type RangeQuery = { startDate?: string; endDate?: string };
type TrafficQuery = RangeQuery & { groupBy: AdTrafficGroup };

const rangeView = (range: AnalyticsRange) => ({
  startDate: range.startDate,
  endDate: range.endDate,
  timezone: range.timezone,
});

/**
 * The ad and traffic report of one server process. It keeps what the viewer counts learnt (analytics-viewers.ts),
 * so one is built with the routes and serves every call.
 */
export class AdAnalytics {
  private readonly viewers: AdViewerCounts;

  constructor(private readonly deps: AdAnalyticsDependencies) {
    this.viewers = new AdViewerCounts(deps);
  }

  /** The range a query asks for, in the platform's timezone now. */
  async rangeOf(query: RangeQuery): Promise<AnalyticsRange> {
    return resolveRange(query, await platformTimezone(this.deps.db), this.deps.clock.now());
  }

  /** The traffic rows of a range (any timezone: the tests read India's and Kenya's through this). */
  trafficOf(range: AnalyticsRange, group: AdTrafficGroup): Promise<AdTrafficStat[]> {
    return trafficOf(this.deps.db, this.viewers, range, group);
  }

  /**
   * GET /ads/public/analytics: the summary cards (with the filtered counts beside them and the distinct
   * viewers of the whole range), Performance by Location, Top Performing Ads and the traffic by day.
   */
  async page(query: RangeQuery): Promise<AdAnalyticsPage> {
    const range = await this.rangeOf(query);
    const [rows, [uniqueViews], trafficStats] = await Promise.all([
      sumsByAdAndLocation(this.deps.db, range),
      this.viewers.count([range]),
      this.trafficOf(range, 'day'),
    ]);
    const totals = rows.reduce(addSums, EMPTY_SUMS);
    return {
      range: rangeView(range),
      totals: {
        totalImpressions: totals.impressions,
        totalClicks: totals.clicks,
        ctr: ctrOf(totals.clicks, totals.impressions),
        totalUniqueViews: uniqueViews ?? 0,
        filteredImpressions: totals.filteredImpressions,
        filteredClicks: totals.filteredClicks,
      },
      locationStats: locationStatsOf(rows),
      topAds: await topAdsOf(this.deps, rows),
      trafficStats,
    };
  }

  /** GET /ads/public/traffic: the traffic of the range grouped by hour, day, week or month. */
  async traffic(query: TrafficQuery): Promise<AdTraffic> {
    const range = await this.rangeOf(query);
    return {
      range: rangeView(range),
      groupBy: query.groupBy,
      trafficStats: await this.trafficOf(range, query.groupBy),
    };
  }

  /**
   * GET /ads/public/traffic/export: the traffic as the spec's CSV (Date, Impressions, Clicks, Unique Views,
   * CTR (%) with two decimals), one row per period, named for the range.
   */
  async trafficExport(query: TrafficQuery) {
    const traffic = await this.traffic(query);
    const rows: CellValue[][] = traffic.trafficStats.map((stat) => [
      stat.period,
      stat.totalImpressions,
      stat.totalClicks,
      stat.totalUniqueViews,
      stat.ctr.toFixed(2),
    ]);
    return {
      filename: adAnalyticsFileName(traffic.range.startDate, traffic.range.endDate),
      header: [...AD_ANALYTICS_CSV_HEADER],
      // One batch: at most 8,784 rows (a year by the hour), already in memory as the JSON answer would be.
      rows: [rows],
    };
  }
}
