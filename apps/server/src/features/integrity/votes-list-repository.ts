import type { IntegrityVotesQuery, VoteFilter } from '@ovation/shared';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { categories, songs, users, voteReviews, votes } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';
import { voteFilterConditions } from './vote-filter-repository';

/** A vote as fraud review lists it: the network prefix, never the full address (`votes.ip` is not read). */
const voteColumns = {
  id: votes.id,
  createdAt: votes.createdAt,
  status: votes.status,
  ipPrefix: votes.ipPrefix,
  deviceType: votes.deviceType,
  deviceSignature: votes.deviceSignature,
  deviceId: votes.deviceId,
  fanId: votes.userId,
  fanName: users.name,
  fanEmail: users.email,
  songId: votes.songId,
  songTitle: songs.title,
  categoryId: votes.categoryId,
  categoryName: categories.name,
  reviewId: voteReviews.id,
  reviewReason: voteReviews.reason,
};

export type IntegrityVoteRow = {
  [Key in keyof typeof voteColumns]: (typeof voteColumns)[Key]['_']['notNull'] extends true
    ? (typeof voteColumns)[Key]['_']['data']
    : (typeof voteColumns)[Key]['_']['data'] | null;
};

/**
 * One page of the votes a filter selects, newest first (oldest with order=asc), and how many there are.
 * As in the users list, the count is only asked when the page is full.
 */
export async function findVotesPage(db: Database, query: IntegrityVotesQuery & VoteFilter) {
  const where = and(...voteFilterConditions(query));
  const direction = query.order === 'asc' ? asc : desc;
  const rows = await db
    .select(voteColumns)
    .from(votes)
    .leftJoin(users, eq(users.id, votes.userId))
    .leftJoin(songs, eq(songs.id, votes.songId))
    .leftJoin(categories, eq(categories.id, votes.categoryId))
    .leftJoin(voteReviews, eq(voteReviews.id, votes.reviewId))
    .where(where)
    .orderBy(direction(votes.createdAt), direction(votes.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const lastPageFound = rows.length < query.limit && (rows.length > 0 || query.page === 1);
  if (lastPageFound) return { rows: rows as IntegrityVoteRow[], total: offsetOf(query) + rows.length };
  const [totals] = await db.select({ total: count() }).from(votes).where(where);
  return { rows: rows as IntegrityVoteRow[], total: Number(totals?.total ?? 0) };
}
