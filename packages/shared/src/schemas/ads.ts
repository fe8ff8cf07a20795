import { z } from 'zod';
import { AD_LOCATIONS, DEFAULT_AD_LOCATION } from '../ad-constants';
import { MAX_TEXT_LENGTH } from '../constants';
import { validationMessage as message } from '../messages';
import { sortableListQuery } from './admin-list';
import { dataEnvelope, messageEnvelopeSchema, paginationSchema } from './envelope';
import { jsonTextField, libraryImageField } from './form-fields';

// ---------------------------------------------------------------------------------------------------
// Ads (the admin spec's "Ad management" and "Ad and traffic analytics")

// The constants the public pages need live without zod in ad-constants.ts (kept out of the first download).
export * from '../ad-constants';

export const MIN_AD_WEIGHT = 1;
export const MAX_AD_WEIGHT = 10;
export const MAX_AD_TITLE_LENGTH = 120;
export const MAX_AD_TARGET_URL_LENGTH = 2048;
/** A cap above this is a typing mistake, not a campaign (and stays far inside an int4 column). */
export const MAX_AD_CAP = 1_000_000_000;
/** A serve token older than this no longer counts an impression or a click. */
export const AD_TOKEN_MAX_AGE_SECONDS = 60 * 60;
/** The analytics range: default the last 30 days, at most a year. */
export const AD_ANALYTICS_DEFAULT_DAYS = 30;
export const AD_ANALYTICS_MAX_DAYS = 366;
export const AD_TRAFFIC_GROUPS = ['hour', 'day', 'week', 'month'] as const;
export type AdTrafficGroup = (typeof AD_TRAFFIC_GROUPS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, message('calendarDateInvalid'));

/** The years a date may fall in: anything outside is a typing mistake, and beyond the date arithmetic's range. */
export const MIN_AD_YEAR = 2000;
export const MAX_AD_YEAR = 2100;

/** A calendar date in the platform's timezone, 'YYYY-MM-DD', that exists, between MIN_AD_YEAR and MAX_AD_YEAR. */
export const calendarDate = isoDate.refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  const year = Number(value.slice(0, 4));
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    year >= MIN_AD_YEAR &&
    year <= MAX_AD_YEAR
  );
}, message('calendarDateInvalid'));

/**
 * A whole number between `min` and `max`, sent as a number or as digits (a form's text); anything else
 * (true, [5], null, '5.5', '') is the field's one message: no coercion turns a boolean or an array into a number.
 */
function wholeNumber(key: Parameters<typeof message>[0], min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number({ error: message(key) })
      .int(message(key))
      .min(min, message(key))
      .max(max, message(key)),
  );
}

/** A cap: a whole number of 0 or more, 0 meaning unlimited. */
const cap = wholeNumber('adCapInvalid', 0, MAX_AD_CAP);

const adLocations = z
  .array(z.enum(AD_LOCATIONS, { error: message('adLocationInvalid') }), {
    error: message('adLocationsRequired'),
  })
  .min(1, message('adLocationsRequired'))
  .max(AD_LOCATIONS.length, message('adLocationsRequired'))
  .transform((locations) => AD_LOCATIONS.filter((location) => locations.includes(location)));

const adWeight = wholeNumber('adWeightInvalid', MIN_AD_WEIGHT, MAX_AD_WEIGHT);

/** A date setting: a calendar date, or blank/null for none. */
const optionalDate = z.union([calendarDate, z.literal(''), z.null()]);

/**
 * The end is not before the start. Checked even when another setting is wrong (zod skips a refinement once
 * any field failed, unless `when` says otherwise), so a form shows every mistake at once; only broken dates
 * themselves skip it.
 */
const endNotBeforeStart = {
  message: message('adEndBeforeStart'),
  path: ['endDate'],
  when: (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !payload.issues.some((issue) => issue.path?.[0] === 'startDate' || issue.path?.[0] === 'endDate'),
};

/**
 * `displaySettings`, as the form's JSON text holds it. Dates are calendar dates in the platform's timezone
 * (an end date is the last day shown, inclusive); a missing start date is today (the server fills it in).
 */
export const adDisplaySettingsInputSchema = z
  .object(
    {
      locations: adLocations.default([DEFAULT_AD_LOCATION]),
      weight: adWeight.default(MIN_AD_WEIGHT),
      startDate: optionalDate.optional().transform((value) => value || null),
      endDate: optionalDate.optional().transform((value) => value || null),
      maxDailyImpressions: cap.default(0),
      maxTotalImpressions: cap.default(0),
    },
    { error: message('displaySettingsInvalid') },
  )
  .refine(
    (settings) => !settings.startDate || !settings.endDate || settings.endDate >= settings.startDate,
    endNotBeforeStart,
  );
export type AdDisplaySettingsInput = z.output<typeof adDisplaySettingsInputSchema>;

/**
 * `displaySettings` on PUT: only what is sent changes (no defaults). A missing setting keeps the stored one;
 * endDate blank or null removes the end; startDate blank or null keeps the stored start. The server merges
 * this over the stored settings, then checks the end against the start.
 */
export const adDisplaySettingsPatchSchema = z
  .object(
    {
      locations: adLocations.optional(),
      weight: adWeight.optional(),
      startDate: optionalDate.optional().transform((value) => value || undefined),
      endDate: optionalDate
        .optional()
        .transform((value) => (value === undefined ? undefined : value || null)),
      maxDailyImpressions: cap.optional(),
      maxTotalImpressions: cap.optional(),
    },
    { error: message('displaySettingsInvalid') },
  )
  .refine(
    (settings) => !settings.startDate || !settings.endDate || settings.endDate >= settings.startDate,
    endNotBeforeStart,
  );
export type AdDisplaySettingsPatch = z.output<typeof adDisplaySettingsPatchSchema>;

/** An http(s) address and nothing else: no `javascript:`, `data:` or relative target. */
export function isAdTargetUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const adTitle = z
  .string({ error: message('titleRequired') })
  .trim()
  .min(1, message('titleRequired'))
  .max(MAX_AD_TITLE_LENGTH, message('adTitleTooLong'));

const adDescription = z.string().trim().max(MAX_TEXT_LENGTH, message('descriptionTooLong'));

const adTargetUrl = z
  .string({ error: message('adTargetUrlRequired') })
  .trim()
  // `abort`: an empty or overlong address is one mistake, told once (not also 'not a valid URL').
  .min(1, { error: message('adTargetUrlRequired'), abort: true })
  .max(MAX_AD_TARGET_URL_LENGTH, { error: message('adTargetUrlInvalid'), abort: true })
  .refine(isAdTargetUrl, message('adTargetUrlInvalid'));

/**
 * The text fields of POST /ads (multipart, beside the `image` file or a `libraryImage`): title and target
 * URL required, description, displaySettings as JSON text. The image is required on create (the route
 * says so: AD_IMAGE_REQUIRED), optional on edit.
 */
export const adFieldsSchema = z.object({
  title: adTitle,
  description: adDescription.default(''),
  targetUrl: adTargetUrl,
  displaySettings: jsonTextField(adDisplaySettingsInputSchema, 'displaySettingsInvalid')
    .optional()
    .transform((settings) => settings ?? adDisplaySettingsInputSchema.parse({})),
  libraryImage: libraryImageField,
});
export type AdFields = z.output<typeof adFieldsSchema>;

/**
 * PUT /ads/{id}: what is sent replaces what is stored; within displaySettings too, only the settings sent
 * (blank displaySettings: no change).
 */
export const adUpdateFieldsSchema = z.object({
  title: adTitle.optional(),
  description: adDescription.optional(),
  targetUrl: adTargetUrl.optional(),
  displaySettings: jsonTextField(adDisplaySettingsPatchSchema, 'displaySettingsInvalid').optional(),
  libraryImage: libraryImageField,
});
export type AdUpdateFields = z.output<typeof adUpdateFieldsSchema>;

export const adDisplaySettingsSchema = z.object({
  locations: z.array(z.enum(AD_LOCATIONS)),
  weight: z.number().int(),
  /** 'YYYY-MM-DD' in the platform's timezone. */
  startDate: z.string(),
  /** Inclusive; null: no end. */
  endDate: z.string().nullable(),
  maxDailyImpressions: z.number().int(),
  maxTotalImpressions: z.number().int(),
});
export type AdDisplaySettings = z.infer<typeof adDisplaySettingsSchema>;

/**
 * Whether the ad can be served now: 'active'; 'inactive' (switched off); 'scheduled' (before its start);
 * 'ended' (after its end date); 'capped' (its total cap reached; a daily cap reached shows 'cappedToday').
 */
export const AD_STATES = ['active', 'inactive', 'scheduled', 'ended', 'capped', 'cappedToday'] as const;
export type AdState = (typeof AD_STATES)[number];

export const adTotalsSchema = z.object({
  totalImpressions: z.number().int(),
  totalClicks: z.number().int(),
  /** Percent, two decimals (clicks / impressions × 100); 0 without impressions. */
  ctr: z.number(),
});
export type AdTotals = z.infer<typeof adTotalsSchema>;

export const adminAdSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  targetUrl: z.string(),
  /** The widest rendition; null when the picture was deleted from the library (then it is never served). */
  imageUrl: z.string().nullable(),
  srcSet: z.string(),
  imageFilename: z.string().nullable(),
  imageSource: z.enum(['upload', 'library']).nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  isActive: z.boolean(),
  state: z.enum(AD_STATES),
  displaySettings: adDisplaySettingsSchema,
  analytics: adTotalsSchema.extend({ todayImpressions: z.number().int() }),
  createdBy: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAd = z.infer<typeof adminAdSchema>;

/** GET /ads: `data.ads` (the admin spec) with the list contract's pagination. */
export const adminAdListResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ ads: z.array(adminAdSchema) }),
  pagination: paginationSchema,
});
export const adminAdResponseSchema = dataEnvelope(adminAdSchema);

/** The status filter of GET /ads: the on/off switch; `all` (or empty, as list clients send) means no filter. */
export const AD_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type AdStatusFilter = (typeof AD_STATUS_FILTERS)[number];

/** The columns the ads list sorts by (`sort`; `status` is the on/off switch); the first is the default. */
export const ADMIN_AD_SORTS = ['createdAt', 'title', 'status', 'startDate', 'endDate'] as const;
export type AdminAdSort = (typeof ADMIN_AD_SORTS)[number];

/** GET /ads: the list contract (page, limit, search in titles and descriptions, sort, order) plus `status`. */
export const adminAdsQuerySchema = sortableListQuery(ADMIN_AD_SORTS).extend({
  // Not worded here: the generic 'Choose one of: all, active, inactive' names the options.
  status: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(AD_STATUS_FILTERS).optional())
    .transform((value) => (value && value !== 'all' ? value : undefined)),
});
export type AdminAdsQuery = z.output<typeof adminAdsQuerySchema>;
export const adMessageResponseSchema = messageEnvelopeSchema;

/** GET /ads/{id}/analytics: all-time totals, the filtered counts beside them, and each location's share. */
export const adLocationPerformanceSchema = z.object({
  location: z.enum(AD_LOCATIONS),
  impressions: z.number().int(),
  clicks: z.number().int(),
  ctr: z.number(),
});
export const adAnalyticsSchema = z.object({
  ad: z.object({ _id: z.string(), title: z.string() }),
  performance: adTotalsSchema.extend({
    /** Not counted: bots, repeats within a minute, clicks without a view. */
    filteredImpressions: z.number().int(),
    filteredClicks: z.number().int(),
    todayImpressions: z.number().int(),
    locations: z.array(adLocationPerformanceSchema),
  }),
});
export type AdAnalytics = z.infer<typeof adAnalyticsSchema>;
export const adAnalyticsResponseSchema = dataEnvelope(adAnalyticsSchema);
