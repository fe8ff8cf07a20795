import type { AdminCategoriesQuery } from '@ovation/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import { orderOfList } from '../../db/queries/list-order';
import { categories } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';
import { escapeLike, foldForSearch } from '../../lib/text';

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
  /**
   * The song tallies summed by the song's category. Exact because a vote is cast in its song's category
   * and a song that has votes never moves to another one (Edit Song refuses it: SONG_HAS_VOTES), so the
   * song's category is always the category its votes were cast in.
   */
  totalVotes: sql<number>`coalesce((select sum(t.votes) from song_vote_tallies t join songs s on s.id = t.song_id where s.category_id = "categories"."id"), 0)::int`,
};

export type CategoryRow = Awaited<ReturnType<typeof findCategories>>[number];

/** Every category in the admins' order (sortOrder, then name). */
export function findCategories(db: Database) {
  return db.select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The admin list's sortable columns (ADMIN_CATEGORY_SORTS): the display order breaks ties by name. */
const CATEGORY_SORT_COLUMNS = {
  sortOrder: [categories.sortOrder, categories.name],
  name: categories.name,
  songCount: categoryColumns.songCount,
  totalVotes: categoryColumns.totalVotes,
};

/**
 * One page of the admin categories list: searched in every language's name (folded, as the songs list
 * searches them), sorted by the chosen column, with how many match.
 */
export async function findCategoriesPage(db: Database, query: AdminCategoriesQuery) {
  const where = query.search
    ? sql`${categories.searchText} like ${`%${escapeLike(foldForSearch(query.search))}%`}`
    : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select(categoryColumns)
      .from(categories)
      .where(where)
      .orderBy(...orderOfList(CATEGORY_SORT_COLUMNS, query, categories.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(categories).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
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
