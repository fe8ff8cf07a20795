import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** PostgreSQL's bytea, as a Buffer (node-postgres) or a Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files when they live in the database (UPLOAD_STORE=database, the default on PostgreSQL), so
 * every instance serves every file without a shared disk. Keys are immutable: a key is written once, and a
 * changed picture gets a new key (lib/storage.ts).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  body: bytea('body').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const imageKindEnum = pgEnum('image_kind', ['cover', 'banner', 'ad', 'library', 'avatar']);

/**
 * An uploaded image after it was decoded and re-encoded. `storageKey` is the stem under the storage
 * root; each rendered width lives at `<storageKey>-<width>.webp`.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: imageKindEnum('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull().default(sql`'{}'::integer[]`),
    bytes: integer('bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_kind_idx').on(table.kind)],
);

/** A banner's title and description in the other languages; what is missing falls back to English. */
export type BannerTranslations = Partial<
  Record<'fr' | 'pt' | 'ar' | 'sw', { title?: string; description?: string }>
>;

/**
 * A home page slideshow banner. Its picture is its own upload or a library image; deleting that image
 * leaves the banner without one (`image_id` null), and a banner without a picture is never shown.
 */
export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  translations: jsonb('translations').$type<BannerTranslations>().notNull().default({}),
  imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** http(s) only; the click redirect sends browsers here and nowhere else. */
    targetUrl: text('target_url').notNull(),
    imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    locations: text('locations').array().notNull().default(sql`'{banner}'::text[]`),
    weight: integer('weight').notNull().default(1),
    /** Calendar dates in the platform's timezone; the end date is the last day shown (inclusive). */
    startDate: date('start_date').notNull().defaultNow(),
    endDate: date('end_date'),
    /** 0 means unlimited. Counted impressions, checked when serving and when counting. */
    maxDailyImpressions: integer('max_daily_impressions').notNull().default(0),
    maxTotalImpressions: integer('max_total_impressions').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ads_weight_range', sql`${table.weight} between 1 and 10`),
    check(
      'ads_caps_not_negative',
      sql`${table.maxDailyImpressions} >= 0 and ${table.maxTotalImpressions} >= 0`,
    ),
    check('ads_end_after_start', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
  ],
);

/**
 * An ad's events in one minute at one location: the counted impressions and clicks, the distinct
 * viewers among them, and apart the filtered ones (bots, repeats within a minute, clicks without a view).
 * Written in batches by the counting buffer (features/ads); analytics read these, never raw events.
 */
/** The counts an ad's minute and hour buckets both keep (fresh builders for each table). */
const adCountColumns = () => ({
  adId: uuid('ad_id')
    .notNull()
    .references(() => ads.id, { onDelete: 'cascade' }),
  location: text('location').notNull(),
  impressions: integer('impressions').notNull().default(0),
  clicks: integer('clicks').notNull().default(0),
  uniqueViewers: integer('unique_viewers').notNull().default(0),
  filteredImpressions: integer('filtered_impressions').notNull().default(0),
  filteredClicks: integer('filtered_clicks').notNull().default(0),
});

export const adMinuteStats = pgTable(
  'ad_minute_stats',
  {
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    ...adCountColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.minute, table.adId, table.location] }),
    index('ad_minute_stats_ad_idx').on(table.adId, table.minute),
  ],
);

/**
 * The same counts rolled up by UTC hour, written in the same transaction as the minutes: a 30-day report
 * reads 720 rows an ad instead of 43,200. Every zone the platform can use is a whole number of hours from
 * UTC for day boundaries except a few (India, Nepal...), which read the minutes instead.
 */
export const adHourStats = pgTable(
  'ad_hour_stats',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...adCountColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.hour, table.adId, table.location] }),
    index('ad_hour_stats_ad_idx').on(table.adId, table.hour),
  ],
);

/**
 * Who saw an ad in each UTC hour: a viewer key (a keyed hash of the account or of the anonymous browser id,
 * never the id itself) once per hour. Distinct viewers of any period are counted from here.
 */
export const adViewerHours = pgTable(
  'ad_viewer_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    viewer: bigint('viewer', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.hour, table.viewer] })],
);

/**
 * The UTC months of ad_viewer_hours whose viewer keys the retention job has replaced, once the month was
 * over RETENTION.analyticsYears old, by keys drawn under a random salt used for that month and forgotten.
 */
export const adViewerMonthsAnonymised = pgTable('ad_viewer_months_anonymised', {
  month: timestamp('month', { withTimezone: true }).primaryKey(),
  anonymisedAt: timestamp('anonymised_at', { withTimezone: true }).notNull().defaultNow(),
});
