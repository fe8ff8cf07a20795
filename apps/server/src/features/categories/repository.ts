import { asc, count, eq, sql } from 'drizzle-orm';
import { categories } from '../../db/schema';
import type { Database } from '../../lib/db';

/**
 * A category with its figures. Correlated subqueries name their tables explicitly: Drizzle drops
 * qualifiers on single-table selects. Vote totals come from the tally shards (valid votes only).
 */
const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  translations: categories.translations,
  type: categories.type,
  region: categories.region,
  icon: categories.icon,
  color: categories.color,
  sortOrder: categories.sortOrder,
  winnerSongId: categories.winnerSongId,
  /** Approved songs: what the public pages list. */
  totalSongs: sql<number>`(select count(*) from songs s where s.category_id = "categories"."id" and s.status = 'approved')::int`,
  /** Every song, whatever its status: what keeps an admin from deleting the category. */
  songCount: sql<number>`(select count(*) from songs s where s.category_id = "categories"."id")::int`,
  totalVotes: sql<number>`coalesce((select sum(t.votes) from song_vote_tallies t join songs s on s.id = t.song_id where s.category_id = "categories"."id"), 0)::int`,
};

export type CategoryRow = Awaited<ReturnType<typeof findCategories>>[number];

/** Every category in the admins' order (sortOrder, then name). */
export function findCategories(db: Database) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
}

export async function findCategoryById(db: Database, id: string): Promise<CategoryRow | undefined> {
  const rows = await db.select(categoryColumns).from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0];
}

/** How many categories exist: the admin dashboard's "Total Categories" figure. */
export async function countCategories(db: Database): Promise<number> {
  const [row] = await db.select({ total: count() }).from(categories);
  return row?.total ?? 0;
}
