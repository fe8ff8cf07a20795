import { asc, sql } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import type { ReviewRow, VoteState } from './review-repository';

/** The categories in the report's order (the public order: sort order, then name). */
export async function findCategoriesInOrder(db: Database) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** Valid votes per category: the tallies of its songs. */
export async function countValidVotesByCategory(db: Database): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select s.category_id, coalesce(sum(t.votes), 0)::bigint as total
    from song_vote_tallies t join songs s on s.id = t.song_id
    group by s.category_id`);
  return new Map(
    rowsOf<{ category_id: string; total: string | number }>(result).map((row) => [
      row.category_id,
      Number(row.total),
    ]),
  );
}

/**
 * Quarantined and invalid votes per category (the small partial index of set-aside votes), with the
 * invalid votes past their retention counted in the archive.
 */
export async function countSetAsideVotesByCategory(db: Database) {
  const result = await db.execute(sql`
    select s.category_id, v.status, sum(v.votes)::bigint as total
    from (select song_id, status, 1 as votes from votes where status <> 'valid'
          union all
          select song_id, status, votes from vote_archive where status <> 'valid') v
    join songs s on s.id = v.song_id
    group by s.category_id, v.status`);
  const counts = new Map<string, { quarantined: number; invalid: number }>();
  for (const row of rowsOf<{ category_id: string; status: VoteState; total: string | number }>(result)) {
    const entry = counts.get(row.category_id) ?? { quarantined: 0, invalid: 0 };
    if (row.status === 'quarantined' || row.status === 'invalid') entry[row.status] = Number(row.total);
    counts.set(row.category_id, entry);
  }
  return counts;
}

/** Every review with votes in a category, per category: its reason, state and who decided it. */
export async function findReviewsByCategory(db: Database) {
  const result = await db.execute(sql`
    select distinct s.category_id, r.id, r.reason, r.status, r.created_at, u.name as decided_by
    from (select review_id, song_id from votes where review_id is not null
          union
          select review_id, song_id from vote_archive where review_id <> 0) v
    join songs s on s.id = v.song_id
    join vote_reviews r on r.id = v.review_id
    left join users u on u.id = r.decided_by
    order by r.created_at, r.id`);
  return rowsOf<{
    category_id: string;
    id: string | number;
    reason: string;
    status: ReviewRow['status'];
    decided_by: string | null;
  }>(result).map((row) => ({
    categoryId: row.category_id,
    reviewId: Number(row.id),
    reason: row.reason,
    status: row.status,
    decidedBy: row.decided_by,
  }));
}
