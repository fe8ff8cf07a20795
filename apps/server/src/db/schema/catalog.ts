import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { images } from './media';
import { users } from './users';

export const categoryTypeEnum = pgEnum('category_type', ['continental', 'regional']);
export const songStatusEnum = pgEnum('song_status', ['pending', 'approved', 'rejected']);
export const linkKindEnum = pgEnum('link_kind', [
  'youtube',
  'vimeo',
  'spotify',
  'audiomack',
  'soundcloud',
  'apple-music',
  'mp3',
  'other',
]);

/** A category's name and description in the other interface languages; English lives in the columns. */
export type CategoryTranslations = Partial<
  Record<'fr' | 'pt' | 'ar' | 'sw', { name?: string; description?: string }>
>;

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The English name (required); unique ignoring case. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    translations: jsonb('translations').$type<CategoryTranslations>().notNull().default({}),
    /** Lower-cased, accent-free names in every language, so admin song search can match a category. */
    searchText: text('search_text').notNull().default(''),
    type: categoryTypeEnum('type').notNull().default('continental'),
    region: text('region'),
    icon: text('icon').notNull().default('🎵'),
    color: text('color').notNull().default('#3B82F6'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The admin's chosen winner; null until one is picked. */
    winnerSongId: uuid('winner_song_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('categories_name_lower_unique').on(sql`lower(${table.name})`)],
);

export const songs = pgTable(
  'songs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    /** The account that uploaded the song (artist or admin). */
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    songLink: text('song_link').notNull(),
    linkKind: linkKindEnum('link_kind').notNull().default('other'),
    audioUrl: text('audio_url'),
    coverImageId: uuid('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    duration: text('duration'),
    releaseDate: text('release_date'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    status: songStatusEnum('status').notNull().default('pending'),
    /** Why an admin rejected (or approved) the song; the artist sees it on their dashboard. */
    moderationReason: text('moderation_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    /** Lower-cased, accent-free "title artist" so search is diacritics- and case-insensitive. */
    searchText: text('search_text').notNull().default(''),
    copiedFromId: uuid('copied_from_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('songs_category_status_idx').on(table.categoryId, table.status),
    index('songs_status_created_idx').on(table.status, table.createdAt),
    index('songs_uploader_idx').on(table.uploaderId),
  ],
);

/**
 * A song's vote total spread over several rows (shards) so that a burst on one song does not queue
 * every vote behind one row lock. The total is the sum of its shards and always equals its valid vote rows.
 */
export const songVoteTallies = pgTable(
  'song_vote_tallies',
  {
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    votes: bigint('votes', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.songId, table.shard] })],
);

/** One view per visitor per song per hour: the unique key makes repeated loads count once. */
export const songViews = pgTable(
  'song_views',
  {
    songId: uuid('song_id')
      .notNull()
      .references(() => songs.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    hourBucket: timestamp('hour_bucket', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.songId, table.visitorHash, table.hourBucket] })],
);
