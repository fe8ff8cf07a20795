import type { VoteReviewListFilter } from '@ovation/shared';
import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { users, voteArchive, voteReviews, votes } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';
import { escapeLike } from '../../lib/text';

export type VoteState = 'valid' | 'quarantined' | 'invalid';
export type ReviewRow = typeof voteReviews.$inferSelect;

/** A vote whose state a statement changed: its id and the song whose count it belongs to. */
export interface ChangedVote {
  id: number;
  songId: string;
}

/** One array parameter (not a list of parameters, as drizzle makes of an array): `= any($1::bigint[])`. */
const arrayParam = (values: readonly unknown[]) => sql.param(values);

/** The state of each of `ids` that exists (unknown ids are simply absent). */
export async function findVoteStates(db: Database, ids: readonly number[]) {
  const rows = await db
    .select({ id: votes.id, status: votes.status, reviewId: votes.reviewId })
    .from(votes)
    .where(sql`${votes.id} = any(${arrayParam(ids)}::bigint[])`);
  return rows;
}

/**
 * Moves every vote matching `where` that is still in state `from` to state `to`, in one statement, and
 * answers the votes it changed. The UPDATE takes each row's lock and re-checks `status = from` once it has
 * it, so of two admins changing the same votes at once each vote changes for exactly one of them, and only
 * the changes returned here are counted (whatever the other transaction did).
 */
export async function changeVoteStates(
  tx: Database,
  change: {
    where: SQL[];
    from: VoteState;
    to: VoteState;
    actorId: string;
    at: Date;
    /** Set when the votes join a review (quarantine); otherwise they keep theirs. */
    reviewId?: number;
  },
): Promise<ChangedVote[]> {
  return tx
    .update(votes)
    .set({
      status: change.to,
      statusChangedAt: change.at,
      statusChangedBy: change.actorId,
      ...(change.reviewId !== undefined ? { reviewId: change.reviewId } : {}),
    })
    .where(and(...change.where, eq(votes.status, change.from)))
    .returning({ id: votes.id, songId: votes.songId });
}

/**
 * How many votes match `where` and are in state `state`, counting no further than `limit`: a bound on the
 * work of refusing a filter that is far too broad before changing anything.
 */
export async function countVotesUpTo(db: Database, where: SQL[], state: VoteState, limit: number) {
  const inner = db
    .select({ id: votes.id })
    .from(votes)
    .where(and(...where, eq(votes.status, state)))
    .limit(limit);
  const [row] = await db.select({ matched: count() }).from(inner.as('matched'));
  return Number(row?.matched ?? 0);
}

/** The condition 'one of these vote ids'. */
export function voteIdIn(ids: readonly number[]): SQL {
  return sql`${votes.id} = any(${arrayParam(ids)}::bigint[])`;
}

/** The condition 'a vote of this review'. */
export function voteOfReview(reviewId: number): SQL {
  return eq(votes.reviewId, reviewId);
}

/**
 * The valid-vote total of each song (the sum of its tally shards), as committed now. Songs without a
 * tally row answer 0.
 */
export async function findSongTotals(db: Database, songIds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map(songIds.map((id) => [id, 0]));
  if (songIds.length === 0) return totals;
  const result = await db.execute(sql`
    select song_id, coalesce(sum(votes), 0)::bigint as total
    from song_vote_tallies where song_id = any(${arrayParam(songIds)}::uuid[])
    group by song_id`);
  for (const row of rowsOf<{ song_id: string; total: string | number }>(result))
    totals.set(row.song_id, Number(row.total));
  return totals;
}

/**
 * Adds `delta` to each song's tally in one statement, on shard 0 (created when missing; it may go below
 * zero, only the sum of a song's shards means anything). Songs are taken in id order, so two such
 * statements never wait on each other's rows in opposite orders.
 */
export async function adjustTallies(tx: Database, deltas: Map<string, number>) {
  const entries = [...deltas].filter(([, delta]) => delta !== 0).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return;
  await tx.execute(sql`
    insert into song_vote_tallies as t (song_id, shard, votes)
    select song_id, 0, delta
    from unnest(${arrayParam(entries.map(([songId]) => songId))}::uuid[],
                ${arrayParam(entries.map(([, delta]) => delta))}::bigint[]) as change(song_id, delta)
    order by song_id
    on conflict (song_id, shard) do update set votes = t.votes + excluded.votes`);
}

export async function insertReview(
  tx: Database,
  values: { reason: string; source: unknown; createdBy: string; at: Date },
): Promise<ReviewRow> {
  const [row] = await tx
    .insert(voteReviews)
    .values({
      reason: values.reason,
      source: values.source,
      voteCount: 0,
      createdBy: values.createdBy,
      createdAt: values.at,
    })
    .returning();
  return row!;
}

export async function setReviewVoteCount(tx: Database, id: number, voteCount: number) {
  await tx.update(voteReviews).set({ voteCount }).where(eq(voteReviews.id, id));
}

/** Inside a transaction: the review, locked until the transaction ends (decisions on it take turns). */
export async function lockReview(tx: Database, id: number): Promise<ReviewRow | undefined> {
  const rows = await tx.select().from(voteReviews).where(eq(voteReviews.id, id)).for('update');
  return rows[0];
}

export async function decideReview(
  tx: Database,
  id: number,
  decision: { status: 'invalidated' | 'restored'; decidedBy: string; at: Date; note: string | null },
) {
  await tx
    .update(voteReviews)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      decisionNote: decision.note,
    })
    .where(eq(voteReviews.id, id));
}

/** How many of the review's votes are in each state now (those past their retention, from the archive). */
export async function countReviewVotes(db: Database, reviewIds: readonly number[]) {
  const counts = new Map<number, Record<VoteState, number>>();
  for (const id of reviewIds) counts.set(id, { valid: 0, quarantined: 0, invalid: 0 });
  if (reviewIds.length === 0) return counts;
  const rows = await db
    .select({ reviewId: votes.reviewId, status: votes.status, votes: count() })
    .from(votes)
    .where(sql`${votes.reviewId} = any(${arrayParam(reviewIds)}::bigint[])`)
    .groupBy(votes.reviewId, votes.status);
  const archived = await db
    .select({
      reviewId: voteArchive.reviewId,
      status: voteArchive.status,
      votes: sql<number>`sum(${voteArchive.votes})`,
    })
    .from(voteArchive)
    .where(sql`${voteArchive.reviewId} = any(${arrayParam(reviewIds)}::bigint[])`)
    .groupBy(voteArchive.reviewId, voteArchive.status);
  for (const row of [...rows, ...archived]) {
    const tally = counts.get(Number(row.reviewId));
    if (tally) tally[row.status] += Number(row.votes);
  }
  return counts;
}

/** The categories each review's votes are in now (their songs' categories, as every total counts them). */
export async function findReviewCategories(db: Database, reviewIds: readonly number[]) {
  const found = new Map<number, Array<{ id: string; name: string }>>();
  for (const id of reviewIds) found.set(id, []);
  if (reviewIds.length === 0) return found;
  const result = await db.execute(sql`
    select r.review_id, c.id, c.name
    from (select distinct v.review_id, s.category_id
          from (select review_id, song_id from votes union all select review_id, song_id from vote_archive) v
          join songs s on s.id = v.song_id
          where v.review_id = any(${arrayParam(reviewIds)}::bigint[])) r
    join categories c on c.id = r.category_id
    order by c.sort_order, c.name`);
  for (const row of rowsOf<{ review_id: string | number; id: string; name: string }>(result))
    found.get(Number(row.review_id))?.push({ id: row.id, name: row.name });
  return found;
}

/** Names of users by id (the reviews' authors and deciders); deleted accounts are absent. */
export async function findUserNames(db: Database, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Active admins: the second-admin rule applies while there is more than one. */
export async function countActiveAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
  return Number(row?.admins ?? 0);
}

function reviewsWhere(filter: { status: VoteReviewListFilter; search?: string }): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'open') conditions.push(eq(voteReviews.status, 'open'));
  if (filter.status === 'decided') conditions.push(ne(voteReviews.status, 'open'));
  if (filter.search) conditions.push(ilike(voteReviews.reason, `%${escapeLike(filter.search)}%`));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of reviews, newest first (or oldest first), and how many match in all. */
export async function findReviewPage(
  db: Database,
  filter: { status: VoteReviewListFilter; search?: string },
  page: { page: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: ReviewRow[]; total: number }> {
  const where = reviewsWhere(filter);
  const order =
    page.order === 'asc'
      ? [asc(voteReviews.createdAt), asc(voteReviews.id)]
      : [desc(voteReviews.createdAt), desc(voteReviews.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(voteReviews)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(voteReviews).where(where),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Each song's title and artist, for the audit entries' readable totals. */
export async function findSongNames(db: Database, songIds: readonly string[]) {
  if (songIds.length === 0) return new Map<string, { title: string; artist: string }>();
  const result = await db.execute(
    sql`select id, title, artist from songs where id = any(${arrayParam(songIds)}::uuid[])`,
  );
  return new Map(
    rowsOf<{ id: string; title: string; artist: string }>(result).map((row) => [
      row.id,
      { title: row.title, artist: row.artist },
    ]),
  );
}
