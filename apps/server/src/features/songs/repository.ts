import type { ListSongsQuery, SongStatus } from '@ovation/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { songBaseColumns, songTotalVotes } from '../../db/queries/songs';
import { categories, images, songs, users } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { escapeLike, foldForSearch } from '../../lib/text';

const songColumns = {
  ...songBaseColumns,
  linkKind: songs.linkKind,
  audioUrl: songs.audioUrl,
  duration: songs.duration,
  releaseDate: songs.releaseDate,
  tags: songs.tags,
  views: songs.views,
  moderationReason: songs.moderationReason,
  moderatedAt: songs.moderatedAt,
  updatedAt: songs.updatedAt,
  category: {
    id: categories.id,
    name: categories.name,
    icon: categories.icon,
    translations: categories.translations,
    winnerSongId: categories.winnerSongId,
  },
  uploader: { id: users.id, name: users.name, avatar: users.avatar, bio: users.bio, role: users.role },
};

export type SongRow = Awaited<ReturnType<typeof selectSongs>>[number];

/** Songs joined to their category, uploader and cover: every read of full song rows starts here. */
export function selectSongs(db: Database) {
  return db
    .select(songColumns)
    .from(songs)
    .innerJoin(categories, eq(categories.id, songs.categoryId))
    .leftJoin(users, eq(users.id, songs.uploaderId))
    .leftJoin(images, eq(images.id, songs.coverImageId));
}

const SORT_COLUMNS = {
  createdAt: songs.createdAt,
  totalVotes: songTotalVotes,
  title: sql`lower(${songs.title})`,
  artist: sql`lower(${songs.artist})`,
};

/** Songs in `status`, filtered, sorted and paged as the songs list asks. */
export async function findSongsPage(db: Database, query: ListSongsQuery, status: SongStatus = 'approved') {
  const conditions: SQL[] = [eq(songs.status, status)];
  if (query.category) conditions.push(eq(songs.categoryId, query.category));
  if (query.search) {
    conditions.push(sql`${songs.searchText} like ${`%${escapeLike(foldForSearch(query.search))}%`}`);
  }
  const where = and(...conditions);
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    selectSongs(db)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sortBy]), desc(songs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(songs).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Every approved song's id and last change, oldest first: the sitemap's entries. */
export function findApprovedSongEntries(db: Database) {
  return db
    .select({ id: songs.id, updatedAt: songs.updatedAt })
    .from(songs)
    .where(eq(songs.status, 'approved'))
    .orderBy(asc(songs.createdAt), asc(songs.id));
}

export async function findSongById(db: Database, id: string) {
  const rows = await selectSongs(db).where(eq(songs.id, id)).limit(1);
  return rows[0];
}

export function findApprovedSongsInCategory(db: Database, categoryId: string) {
  return selectSongs(db)
    .where(and(eq(songs.categoryId, categoryId), eq(songs.status, 'approved')))
    .orderBy(desc(songTotalVotes), asc(songs.createdAt));
}

export function findSongsByUploader(db: Database, uploaderId: string) {
  return selectSongs(db).where(eq(songs.uploaderId, uploaderId)).orderBy(desc(songs.createdAt));
}

/**
 * Records a view of a song by a visitor in an hour (both hashed or bucketed by the caller): answers true
 * when it is the visitor's first view of the song in that hour, the only one that counts.
 */
export async function recordSongView(db: Database, songId: string, visitorHash: string, hour: Date) {
  const result = await db.execute(sql`
    insert into song_views (song_id, visitor_hash, hour_bucket) values (${songId}, ${visitorHash}, ${hour.toISOString()}::timestamptz)
    on conflict do nothing returning 1 as fresh`);
  return rowsOf(result).length > 0;
}

/** Adds counted views to a song. */
export async function addSongViews(db: Database, songId: string, views: number) {
  await db.execute(sql`update songs set views = views + ${views} where id = ${songId}`);
}
