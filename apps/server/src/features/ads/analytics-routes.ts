import {
  AD_ANALYTICS_CSV_HEADER,
  AD_ANALYTICS_MAX_DAYS,
  adAnalyticsPageResponseSchema,
  adAnalyticsQuerySchema,
  adTrafficQuerySchema,
  adTrafficResponseSchema,
  errorResponseSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { sendCsv } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { AdAnalytics, type AdAnalyticsDependencies } from './analytics-service';

export type { AdAnalyticsDependencies } from './analytics-service';

const tags = ['admin: ad analytics'];
const security = [{ bearer: [] }];
const RANGE_RULES = `startDate and endDate are inclusive calendar dates (YYYY-MM-DD) in the platform's timezone; by default the last 30 days up to today. An end before the start, or a range over ${AD_ANALYTICS_MAX_DAYS} days, is a 400.`;
const COUNTING_RULES =
  'Counted impressions (at least half the ad on screen for a second) and clicks come from the per-minute and per-hour buckets; the filtered counts (bots, repeats within a minute, clicks without a view) are beside them, never in them. Unique views are distinct viewers (an account or an anonymous browser) in the period. CTR is clicks / impressions × 100 with two decimals.';
const GROUPING_RULES =
  'groupBy: hour, day (default), week (Monday to Sunday, named by its Monday) or month, on the platform’s wall clock; one row per period, periods without traffic included.';

/**
 * Ad and traffic analytics (the admin spec): GET /ads/public/analytics, GET /ads/public/traffic and the CSV export
 * GET /ads/public/traffic/export. Admin only despite the name (the spec's); registered in the admin scope.
 */
export function registerAdAnalyticsAdminRoutes(app: RouteApp, deps: AdAnalyticsDependencies) {
  const analytics = new AdAnalytics(deps);

  app.get(
    '/ads/public/analytics',
    {
      schema: {
        tags,
        security,
        summary: 'Ad and traffic analytics',
        description: `The summary cards (totals with the filtered counts and the range's distinct viewers), Performance by Location (every location, with the ads counted there), Top Performing Ads (ten, by impressions) and the traffic by day. ${RANGE_RULES} ${COUNTING_RULES}`,
        querystring: adAnalyticsQuerySchema,
        response: { 200: adAnalyticsPageResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ok(await analytics.page(request.query)),
  );

  app.get(
    '/ads/public/traffic',
    {
      schema: {
        tags,
        security,
        summary: 'Ad traffic over time',
        description: `${GROUPING_RULES} ${RANGE_RULES} ${COUNTING_RULES}`,
        querystring: adTrafficQuerySchema,
        response: { 200: adTrafficResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ok(await analytics.traffic(request.query)),
  );

  app.get(
    '/ads/public/traffic/export',
    {
      schema: {
        tags,
        security,
        summary: 'Export the ad traffic (CSV)',
        description: `ad-analytics-{startDate}-to-{endDate}.csv, UTF-8 with a BOM, header ${AD_ANALYTICS_CSV_HEADER.join(', ')}: the rows of GET /ads/public/traffic for the same query (Date is the period's name). ${GROUPING_RULES} ${RANGE_RULES}`,
        querystring: adTrafficQuerySchema,
        produces: ['text/csv'],
        response: { 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await sendCsv(reply, await analytics.trafficExport(request.query));
      return reply;
    },
  );
}
