import { z } from 'zod';
import { AD_LOCATIONS } from '../ad-constants';
import { validationMessage as message } from '../messages';
import { AD_TRAFFIC_GROUPS, calendarDate } from './ads';
import { dataEnvelope } from './envelope';

// ---------------------------------------------------------------------------------------------------
// Ad and traffic analytics (GET /ads/public/analytics, /ads/public/traffic)

/** startDate and endDate: inclusive calendar dates in the platform's timezone; default the last 30 days. */
export const adAnalyticsQuerySchema = z.object({
  startDate: calendarDate.optional(),
  endDate: calendarDate.optional(),
});
export const adTrafficQuerySchema = adAnalyticsQuerySchema.extend({
  groupBy: z.enum(AD_TRAFFIC_GROUPS, { error: message('optionInvalid') }).default('day'),
});
export type AdTrafficQuery = z.output<typeof adTrafficQuerySchema>;

export const adTrafficStatSchema = z.object({
  /**
   * The period's start on the platform's wall clock: 'YYYY-MM-DD HH:00' (hour), 'YYYY-MM-DD' (day; a week
   * by its Monday), 'YYYY-MM' (month). The CSV's Date column.
   */
  period: z.string(),
  /** The period's first instant (ISO), for charts. */
  start: z.string(),
  hour: z.number().int().nullable(),
  day: z.number().int().nullable(),
  week: z.number().int().nullable(),
  month: z.number().int(),
  year: z.number().int(),
  totalImpressions: z.number().int(),
  totalClicks: z.number().int(),
  /** Distinct viewers (a signed-in account, or an anonymous browser) who saw an ad in the period. */
  totalUniqueViews: z.number().int(),
  ctr: z.number(),
  uniqueAdCount: z.number().int(),
  filteredImpressions: z.number().int(),
  filteredClicks: z.number().int(),
});
export type AdTrafficStat = z.infer<typeof adTrafficStatSchema>;

export const adRangeSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string(),
});

export const adAnalyticsPageSchema = z.object({
  range: adRangeSchema,
  totals: z.object({
    totalImpressions: z.number().int(),
    totalClicks: z.number().int(),
    ctr: z.number(),
    /** Distinct viewers over the whole range. */
    totalUniqueViews: z.number().int(),
    filteredImpressions: z.number().int(),
    filteredClicks: z.number().int(),
  }),
  locationStats: z.array(
    z.object({
      location: z.enum(AD_LOCATIONS),
      totalImpressions: z.number().int(),
      totalClicks: z.number().int(),
      ctr: z.number(),
      /** Ads with counted impressions at this location in the range (not the ads set to show there now). */
      adCount: z.number().int(),
    }),
  ),
  topAds: z.array(
    z.object({
      adId: z.string(),
      title: z.string(),
      imageUrl: z.string().nullable(),
      totalImpressions: z.number().int(),
      totalClicks: z.number().int(),
      ctr: z.number(),
    }),
  ),
  /** By day. */
  trafficStats: z.array(adTrafficStatSchema),
});
export type AdAnalyticsPage = z.infer<typeof adAnalyticsPageSchema>;
export const adAnalyticsPageResponseSchema = dataEnvelope(adAnalyticsPageSchema);

export const adTrafficSchema = z.object({
  range: adRangeSchema,
  groupBy: z.enum(AD_TRAFFIC_GROUPS),
  trafficStats: z.array(adTrafficStatSchema),
});
export type AdTraffic = z.infer<typeof adTrafficSchema>;
export const adTrafficResponseSchema = dataEnvelope(adTrafficSchema);

/** The CSV export's header (the admin spec) and file name. */
export const AD_ANALYTICS_CSV_HEADER = ['Date', 'Impressions', 'Clicks', 'Unique Views', 'CTR (%)'] as const;
export function adAnalyticsFileName(startDate: string, endDate: string): string {
  return `ad-analytics-${startDate}-to-${endDate}.csv`;
}
