import type { VoteFilter } from '@ovation/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, songs, users, voteReviews, votes } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { escapeLike } from '../../lib/text';

/**
 * A filter's `to` (and `accountsCreatedTo`) is inclusive to the millisecond, the precision the API's ISO
 * dates carry: compared as `< to + 1 ms`, so a vote stored with microseconds inside that last millisecond
 * is still in, and the comparison stays one the created_at indexes answer.
 */
function justAfter(instant: string): Date {
  return new Date(Date.parse(instant) + 1);
}

/**
 * The e-mail pattern of an address, in SQL: lower-cased, each run of digits in the local part (before
 * the first '@') replaced by '#'. 'AfroVote101@Mail.com' -> 'afrovote#@mail.com'. The signals group
 * accounts by it; the filter matches it exactly. (split_part and a plain regexp: half the cost of one
 * regexp with a look-ahead over every voter of a busy day.)
 */
export function emailPatternSql(email: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(regexp_replace(split_part(lower(${email}), '@', 1), '[0-9]+', '#', 'g') || '@' || split_part(lower(${email}), '@', 2))`;
}

/**
 * The same pattern as a LIKE over lower(email) ('#' -> '%', and anything after, for the rare address with
 * a second '@'): a superset the trigram index on lower(email) answers, so the exact pattern is only
 * worked out for the few addresses it leaves.
 */
function emailPatternLike(pattern: string): string {
  const pieces = pattern.split('#').map((piece) => escapeLike(piece));
  return `${pieces.join('%')}%`;
}

/**
 * The conditions on `votes` that select a filter's votes (AND them). Every condition refers to the
 * votes table only (account fields through a sub-select of user ids), so the same list serves a
 * SELECT ... FROM votes, an UPDATE votes ... WHERE, and a join: the votes list, the signals' cluster
 * figures and the quarantine of a filter all resolve a filter to exactly the same votes.
 * An empty filter gives no condition: every vote.
 */
export function voteFilterConditions(filter: VoteFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.categoryId) conditions.push(eq(votes.categoryId, filter.categoryId));
  if (filter.songId) conditions.push(eq(votes.songId, filter.songId));
  if (filter.ipPrefix) conditions.push(eq(votes.ipPrefix, filter.ipPrefix));
  if (filter.deviceSignature) conditions.push(eq(votes.deviceSignature, filter.deviceSignature));
  if (filter.from) conditions.push(gte(votes.createdAt, new Date(filter.from)));
  if (filter.to) conditions.push(lt(votes.createdAt, justAfter(filter.to)));
  if (filter.status) conditions.push(eq(votes.status, filter.status));
  if (filter.reviewId !== undefined) conditions.push(eq(votes.reviewId, filter.reviewId));

  const accountConditions: SQL[] = [];
  if (filter.emailPattern) {
    accountConditions.push(
      sql`lower(${users.email}) like ${emailPatternLike(filter.emailPattern)}`,
      sql`${emailPatternSql(users.email)} = ${filter.emailPattern}`,
    );
  }
  if (filter.accountsCreatedFrom)
    accountConditions.push(gte(users.createdAt, new Date(filter.accountsCreatedFrom)));
  if (filter.accountsCreatedTo)
    accountConditions.push(lt(users.createdAt, justAfter(filter.accountsCreatedTo)));
  if (accountConditions.length > 0) {
    conditions.push(
      sql`${votes.userId} in (select ${users.id} from ${users} where ${and(...accountConditions)})`,
    );
  }
  return conditions;
}

/**
 * The ids a filter names must exist: an unknown category, song or review is a 404 (CATEGORY_NOT_FOUND,
 * SONG_NOT_FOUND, REVIEW_NOT_FOUND, in that order), never an empty votes list nor a quarantine that
 * "found nothing". One statement of primary-key lookups, and none when the filter names no id. The votes
 * list and the quarantine of a filter both ask this; the list only when the filter matched no vote at all
 * (a vote matched proves the ids it was matched on exist).
 */
export async function assertFilterIdsExist(db: Database, filter: VoteFilter): Promise<void> {
  const { categoryId, songId, reviewId } = filter;
  if (!categoryId && !songId && reviewId === undefined) return;
  const known = (id: unknown, lookup: () => SQL) => (id === undefined ? sql`true` : lookup());
  const result = await db.execute(sql`
    select
      ${known(categoryId, () => sql`exists (select 1 from ${categories} where ${categories.id} = ${categoryId})`)} as category,
      ${known(songId, () => sql`exists (select 1 from ${songs} where ${songs.id} = ${songId})`)} as song,
      ${known(reviewId, () => sql`exists (select 1 from ${voteReviews} where ${voteReviews.id} = ${reviewId})`)} as review`);
  const [found] = rowsOf<{ category: boolean; song: boolean; review: boolean }>(result);
  if (!found?.category) throw NotFound('CATEGORY_NOT_FOUND');
  if (!found.song) throw NotFound('SONG_NOT_FOUND');
  if (!found.review) throw NotFound('REVIEW_NOT_FOUND');
}
