import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

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

export const ads = pgTable('ads', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  targetUrl: text('target_url').notNull(),
  imageId: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
  isActive: boolean('is_active').notNull().default(true),
  locations: text('locations').array().notNull().default(sql`'{banner}'::text[]`),
  weight: integer('weight').notNull().default(1),
  startDate: timestamp('start_date', { withTimezone: true }).notNull().defaultNow(),
  endDate: timestamp('end_date', { withTimezone: true }),
  maxDailyImpressions: integer('max_daily_impressions').notNull().default(0),
  maxTotalImpressions: integer('max_total_impressions').notNull().default(0),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const adEventKindEnum = pgEnum('ad_event_kind', ['impression', 'click']);

/** Each ad impression and click; analytics aggregate these by period, location and ad. */
export const adEvents = pgTable(
  'ad_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    kind: adEventKindEnum('kind').notNull(),
    location: text('location').notNull(),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ad_events_ad_time_idx').on(table.adId, table.createdAt),
    index('ad_events_time_idx').on(table.createdAt),
  ],
);
