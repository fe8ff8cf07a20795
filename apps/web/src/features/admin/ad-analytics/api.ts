import {
  type AdAnalyticsPage,
  type AdTraffic,
  adAnalyticsFileName,
} from '@ovation/shared/schemas/ad-analytics';
import type { AdTrafficGroup } from '@ovation/shared/schemas/ads';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export type { AdAnalyticsPage, AdTraffic, AdTrafficStat } from '@ovation/shared/schemas/ad-analytics';
export type { AdTrafficGroup } from '@ovation/shared/schemas/ads';
export { AD_TRAFFIC_GROUPS } from '@ovation/shared/schemas/ads';

/**
 * The range asked for: calendar days ('YYYY-MM-DD') in the platform's timezone, both included. An empty
 * side is left to the server, which answers the last 30 days and says in `range` which days it used.
 */
export interface AnalyticsRange {
  startDate: string;
  endDate: string;
}

export interface TrafficQuery extends AnalyticsRange {
  groupBy: AdTrafficGroup;
}

/** Query keys of the screen: both calls sit under `all`. */
export const adAnalyticsKeys = {
  all: ['admin', 'ad-analytics'] as const,
  summary: (range: AnalyticsRange) => [...adAnalyticsKeys.all, 'summary', range] as const,
  traffic: (query: TrafficQuery) => [...adAnalyticsKeys.all, 'traffic', query] as const,
};

/** The query string of a range: an empty side is not sent (the server's default). */
function rangeQuery({ startDate, endDate }: AnalyticsRange) {
  return { startDate: startDate || undefined, endDate: endDate || undefined };
}

/** GET /ads/public/analytics: the cards, Performance by Location and Top Performing Ads of a range. */
export function useAdAnalytics(range: AnalyticsRange) {
  return useQuery({
    queryKey: adAnalyticsKeys.summary(range),
    queryFn: ({ signal }) =>
      apiGet<AdAnalyticsPage>('/ads/public/analytics', { query: rangeQuery(range), signal }),
    // The previous range stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    // A range refused (an end before the start) is refused again: no retries.
    retry: (count, error) => count < 2 && !isRangeRefusal(error),
  });
}

/** GET /ads/public/traffic: impressions, clicks and unique views per hour, day, week or month. */
export function useAdTraffic(query: TrafficQuery) {
  return useQuery({
    queryKey: adAnalyticsKeys.traffic(query),
    queryFn: ({ signal }) =>
      apiGet<AdTraffic>('/ads/public/traffic', {
        query: { ...rangeQuery(query), groupBy: query.groupBy },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 2 && !isRangeRefusal(error),
  });
}

/** A 400: the dates asked for are refused (the answer says why); asking again would not help. */
export function isRangeRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/**
 * GET /ads/public/traffic/export with the screen's query: the CSV saved under the server's name
 * (`ad-analytics-{start}-to-{end}.csv`); `shown` is the range on screen, for the name should the server
 * not give one.
 */
export function exportTraffic({ query, shown }: { query: TrafficQuery; shown: AnalyticsRange }) {
  return downloadFile(
    '/ads/public/traffic/export',
    { ...rangeQuery(query), groupBy: query.groupBy },
    adAnalyticsFileName(shown.startDate, shown.endDate),
  );
}
