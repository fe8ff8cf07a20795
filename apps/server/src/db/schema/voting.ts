import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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

/**
 * A vote's standing in fraud review: `valid` counts; `quarantined` is set aside pending a decision;
 * `invalid` is confirmed void. Totals everywhere count valid votes only; the fan's quota counts them all.
 */
export const voteStatusEnum = pgEnum('vote_status', ['valid', 'quarantined', 'invalid']);
export const voteReviewStatusEnum = pgEnum('vote_review_status', ['open', 'invalidated', 'restored']);

/** Every vote cast, with what fraud review needs: time, user, song, category, network, device. */
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
    /** The network the vote came from: IPv4 /24 ('41.203.77.0/24') or IPv6 /64; what reviews and exports show. */
    ipPrefix: text('ip_prefix'),
    deviceType: text('device_type'),
    /** 16 hex characters of SHA-256 over the user agent and accept-language; null without a user agent. */
    deviceSignature: text('device_signature'),
    /** The browser's random device id (X-Device-Id), when it sent one. */
    deviceId: text('device_id'),
    status: voteStatusEnum('status').notNull().default('valid'),
    /** The review that set the vote aside (null while it was never quarantined). */
    reviewId: bigint('review_id', { mode: 'number' }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('votes_user_category_time_idx').on(table.userId, table.categoryId, table.createdAt),
    index('votes_song_idx').on(table.songId, table.createdAt),
    index('votes_created_idx').on(table.createdAt),
    // Small: only set-aside votes. Analytics counts them per song beside the valid tallies.
    index('votes_set_aside_idx').on(table.songId, table.status).where(sql`${table.status} <> 'valid'`),
    index('votes_review_idx').on(table.reviewId).where(sql`${table.reviewId} is not null`),
    index('votes_prefix_time_idx').on(table.ipPrefix, table.createdAt),
    index('votes_device_time_idx')
      .on(table.deviceId, table.createdAt)
      .where(sql`${table.deviceId} is not null`),
  ],
);

/**
 * What is left of votes deleted once their RETENTION.votingRecordsYears were over: how many there were, per
 * song, category (as cast), state and review (0 for none). Every count of vote rows adds these, so a
 * published result, a review's figures and the integrity report stay exact after the rows are gone.
 * Votes still quarantined are never archived: they wait for their review's decision.
 */
export const voteArchive = pgTable(
  'vote_archive',
  {
    songId: uuid('song_id').notNull(),
    categoryId: uuid('category_id').notNull(),
    status: voteStatusEnum('status').notNull(),
    reviewId: bigint('review_id', { mode: 'number' }).notNull().default(0),
    votes: bigint('votes', { mode: 'number' }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.songId, table.categoryId, table.status, table.reviewId] })],
);

/**
 * A set of votes quarantined together, with the reason; decided once when a (second) admin confirms the
 * votes invalid or restores them. Votes point here through `votes.review_id`.
 */
export const voteReviews = pgTable('vote_reviews', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reason: text('reason').notNull(),
  status: voteReviewStatusEnum('status').notNull().default('open'),
  /** What was quarantined: `{ kind: 'selection' }` or `{ kind: 'filter', filter, label }`. */
  source: jsonb('source').notNull().default({}),
  voteCount: integer('vote_count').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decisionNote: text('decision_note'),
});

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

/**
 * One row per vote batch, written by `cast_votes` in the batch's own transaction with every vote's answer
 * (in the batch's order): when the connection breaks before the answer arrives, this row says whether the
 * batch committed and what it answered. Kept ten minutes.
 */
export const voteBatches = pgTable(
  'vote_batches',
  {
    id: uuid('id').primaryKey(),
    castAt: timestamp('cast_at', { withTimezone: true }).notNull().defaultNow(),
    statuses: text('statuses').array(),
    voteIds: bigint('vote_ids', { mode: 'number' }).array(),
    votesInWindow: integer('votes_in_window').array(),
    oldestInWindow: timestamp('oldest_in_window', { withTimezone: true }).array(),
    oldestForSong: timestamp('oldest_for_song', { withTimezone: true }).array(),
  },
  (table) => [index('vote_batches_cast_at_idx').on(table.castAt)],
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
