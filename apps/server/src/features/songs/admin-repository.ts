import type { AdminSongsQuery, SongStatus } from '@ovation/shared';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { orderOfList } from '../../db/queries/list-order';
import { categories, songs } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';
import { escapeLike, foldForSearch } from '../../lib/text';
import { type SongRow, selectSongs } from './repository';

/** The moderation list reads the same song rows as the public pages (`selectSongs`). */
export type AdminSongRow = SongRow;

/** The moderation list's sortable columns (ADMIN_SONG_SORTS); the category by its English name. */
const SONG_SORT_COLUMNS = {
  createdAt: songs.createdAt,
  title: songs.title,
  artist: songs.artist,
  category: categories.name,
  status: songs.status,
};

/**
 * The moderation list: status filter, and a search over title, artist and the category's name in every
 * language (both folded, so accents and case do not matter); sorted by the chosen column (newest first).
 */
export async function findAdminSongsPage(db: Database, query: AdminSongsQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(songs.status, query.status));
  if (query.search) {
    const pattern = `%${escapeLike(foldForSearch(query.search))}%`;
    conditions.push(
      or(sql`${songs.searchText} like ${pattern}`, sql`${categories.searchText} like ${pattern}`)!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    selectSongs(db)
      .where(where)
      .orderBy(...orderOfList(SONG_SORT_COLUMNS, query, songs.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db
      .select({ total: count() })
      .from(songs)
      .innerJoin(categories, eq(categories.id, songs.categoryId))
      .where(where),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** The newest songs awaiting review. */
export function findNewestPendingSongs(db: Database, limit: number) {
  return selectSongs(db)
    .where(eq(songs.status, 'pending'))
    .orderBy(desc(songs.createdAt), desc(songs.id))
    .limit(limit);
}

export async function findAdminSong(db: Database, id: string) {
  const rows = await selectSongs(db).where(eq(songs.id, id)).limit(1);
  return rows[0];
}

export function findAdminSongs(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectSongs(db).where(inArray(songs.id, ids)).orderBy(desc(songs.createdAt), desc(songs.id));
}

/** Inside a transaction: the song's row, locked until the transaction ends (concurrent admins queue). */
export async function lockSong(tx: Database, id: string) {
  const rows = await tx.select().from(songs).where(eq(songs.id, id)).for('update');
  return rows[0];
}

/** Inside a transaction: several songs locked in id order, so two bulk actions cannot deadlock. */
export function lockSongs(tx: Database, ids: string[]) {
  return tx.select().from(songs).where(inArray(songs.id, ids)).orderBy(asc(songs.id)).for('update');
}

export async function setModeration(
  tx: Database,
  ids: string[],
  values: { status: SongStatus; reason: string | null; moderatedBy: string; moderatedAt: Date },
) {
  if (ids.length === 0) return;
  await tx
    .update(songs)
    .set({
      status: values.status,
      moderationReason: values.reason,
      moderatedBy: values.moderatedBy,
      moderatedAt: values.moderatedAt,
      // Strictly later than before, even within one millisecond, so a stale edit is always detected.
      updatedAt: sql`greatest(${values.moderatedAt.toISOString()}::timestamptz, ${songs.updatedAt} + interval '1 millisecond')`,
    })
    .where(inArray(songs.id, ids));
}

export async function updateSong(tx: Database, id: string, values: Partial<typeof songs.$inferInsert>) {
  await tx.update(songs).set(values).where(eq(songs.id, id));
}
