import { and, eq, ne, sql } from 'drizzle-orm';
import { categories, songs, songVoteTallies, voteArchive, voteQuotas, votes } from '../../db/schema';
import { type Database, FOREIGN_KEY_VIOLATION, refusingWith, UNIQUE_VIOLATION } from '../../lib/db';
import { Conflict } from '../../lib/errors';

/** The stored columns an admin writes (and the audit log's before/after). */
export type CategoryValues = Pick<
  typeof categories.$inferInsert,
  'name' | 'description' | 'icon' | 'color' | 'sortOrder' | 'type' | 'region' | 'translations' | 'searchText'
>;

const storedColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  icon: categories.icon,
  color: categories.color,
  sortOrder: categories.sortOrder,
  type: categories.type,
  region: categories.region,
  translations: categories.translations,
};

export type StoredCategory = Awaited<ReturnType<typeof lockCategory>>;

/** The category's stored columns, its row locked until the transaction ends (writes take turns). */
export async function lockCategory(tx: Database, id: string) {
  const rows = await tx.select(storedColumns).from(categories).where(eq(categories.id, id)).for('update');
  return rows[0];
}

/** The id of another category with this name, ignoring case (what the unique index enforces). */
export async function findCategoryIdByName(db: Database, name: string, exceptId?: string) {
  const sameName = sql`lower(${categories.name}) = lower(${name})`;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(sameName, ne(categories.id, exceptId)) : sameName)
    .limit(1);
  return rows[0]?.id;
}

/** Two admins saving the same name at once: the unique index refuses the second, a clean 409. */
const nameTaken = { [UNIQUE_VIOLATION]: () => Conflict('CATEGORY_NAME_TAKEN') };

export async function insertCategory(tx: Database, values: CategoryValues) {
  const [row] = await refusingWith(nameTaken, () =>
    tx.insert(categories).values(values).returning(storedColumns),
  );
  return row!;
}

export async function updateCategory(tx: Database, id: string, values: CategoryValues, now: Date) {
  const [row] = await refusingWith(nameTaken, () =>
    tx
      .update(categories)
      .set({ ...values, updatedAt: now })
      .where(eq(categories.id, id))
      .returning(storedColumns),
  );
  return row!;
}

/** Whether any song (of any status), any vote row or any archived vote count still points at the category. */
export async function categoryHasSongsOrVotes(tx: Database, id: string): Promise<boolean> {
  const [row] = await tx
    .select({
      songs: sql<boolean>`exists (select 1 from ${songs} where ${songs.categoryId} = ${id})`,
      votes: sql<boolean>`exists (select 1 from ${votes} where ${votes.categoryId} = ${id})
        or exists (select 1 from ${voteArchive} where ${voteArchive.categoryId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.songs) || Boolean(row?.votes);
}

/**
 * Deletes an empty category with its fans' vote quota rows (they have no foreign key to clean them). A row
 * that still points at it (a song or vote that slipped past the emptiness check) makes its foreign key
 * refuse: CATEGORY_NOT_EMPTY.
 */
export async function deleteCategory(tx: Database, id: string) {
  await refusingWith({ [FOREIGN_KEY_VIOLATION]: () => Conflict('CATEGORY_NOT_EMPTY') }, async () => {
    await tx.delete(voteQuotas).where(eq(voteQuotas.categoryId, id));
    await tx.delete(categories).where(eq(categories.id, id));
  });
}

/** The admin spec's "Category stats": categories, every song in them, every valid vote. */
export async function countCategoryFigures(db: Database) {
  const [row] = await db
    .select({
      total: sql<number>`(select count(*) from ${categories})::int`,
      totalSongs: sql<number>`(select count(*) from ${songs})::int`,
      totalVotes: sql<number>`(select coalesce(sum(${songVoteTallies.votes}), 0) from ${songVoteTallies})::bigint`,
    })
    .from(sql`(select 1) as one`);
  return {
    total: Number(row?.total ?? 0),
    totalSongs: Number(row?.totalSongs ?? 0),
    totalVotes: Number(row?.totalVotes ?? 0),
  };
}
