import { asc, inArray, sql } from 'drizzle-orm';
import { categories, songs } from '../../db/schema';
import type { Database } from '../../lib/db';

/**
 * Rows per INSERT statement: 500 songs of ~20 columns stay far below PostgreSQL's 65,535 parameters
 * per statement, and 5,000 songs take ten round trips.
 */
const INSERT_BATCH = 500;

/** Every category with its names (English and translated), to resolve a row's `category_name`. */
export function findCategoryNames(db: Database) {
  return db
    .select({ id: categories.id, name: categories.name, translations: categories.translations })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

/** The first categories' English names, for the template's example rows. */
export async function findFirstCategoryNames(db: Database, limit: number) {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name))
    .limit(limit);
  return rows.map((row) => row.name);
}

/**
 * Inside a transaction: waits until no other transaction is adding songs to these categories, then holds
 * them until this one ends. Taken in one order (sorted ids) so two uploads cannot deadlock. An advisory
 * lock because songs have no unique key on (category, title, artist) to lean on.
 */
export async function lockCategoriesForNewSongs(tx: Database, categoryIds: string[]) {
  for (const id of [...new Set(categoryIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ovation-songs-in-category:${id}`}))`);
  }
}

/**
 * Inside a transaction: share-locks these categories' rows until it ends and answers the ids that still
 * exist. Deleting a category takes its row's update lock, so a delete and an upload into it take turns,
 * and a category deleted after the file was checked is seen here, not as a foreign-key failure.
 */
export async function shareLockCategories(tx: Database, categoryIds: string[]) {
  if (categoryIds.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, categoryIds))
    .orderBy(asc(categories.id))
    .for('share');
  return new Set(rows.map((row) => row.id));
}

/** The title and artist of every song in these categories, to find the upload's duplicates. */
export function findSongNamesInCategories(tx: Database, categoryIds: string[]) {
  if (categoryIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ categoryId: songs.categoryId, title: songs.title, artist: songs.artist })
    .from(songs)
    .where(inArray(songs.categoryId, categoryIds));
}

/** Inside a transaction: inserts the songs in batches and answers their rows (give each its `id`). */
export async function insertSongs(tx: Database, values: Array<typeof songs.$inferInsert & { id: string }>) {
  const inserted: Array<typeof songs.$inferSelect> = [];
  for (let start = 0; start < values.length; start += INSERT_BATCH) {
    const rows = await tx
      .insert(songs)
      .values(values.slice(start, start + INSERT_BATCH))
      .returning();
    inserted.push(...rows);
  }
  return inserted;
}
