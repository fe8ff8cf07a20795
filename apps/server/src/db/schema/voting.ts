import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Every vote cast, with what fraud review needs: time, user, song, category, IP and device type. */
export const votes = pgTable(
  'votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No foreign keys to songs and categories on purpose: each FK check takes a KEY SHARE lock on the
    // parent row, which turns a burst on one song into lock contention on that song's row. The vote
    // transaction checks the song itself, and deleting a song deletes its votes in the same transaction.
    songId: uuid('song_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    ip: text('ip'),
    deviceType: text('device_type'),
    /** False once fraud review voids a vote; totals count valid votes only. */
    isValid: boolean('is_valid').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('votes_user_category_time_idx').on(table.userId, table.categoryId, table.createdAt),
    index('votes_song_idx').on(table.songId, table.createdAt),
    index('votes_created_idx').on(table.createdAt),
  ],
);

/**
 * One row per fan and category: the vote transaction locks it (SELECT ... FOR UPDATE) so that two
 * parallel votes of one fan in one category are checked against the quota one after the other.
 */
export const voteQuotas = pgTable(
  'vote_quotas',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // No foreign key to categories: a burst of first votes in one category would share-lock its row.
    categoryId: uuid('category_id').notNull(),
    votesCast: integer('votes_cast').notNull().default(0),
    lastVoteAt: timestamp('last_vote_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.categoryId] })],
);

/** The voting window: a single row (id 1). */
export const votingSettings = pgTable('voting_settings', {
  id: integer('id').primaryKey().default(1),
  isEnabled: boolean('is_enabled').notNull().default(true),
  startDate: timestamp('start_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  timezone: text('timezone').notNull().default('UTC'),
  notes: text('notes').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
