import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { songCoverColumns, songTotalVotes } from '../../db/queries/songs';
import { categories, images, songs, songVoteTallies, users, voteArchive, votes } from '../../db/schema';
import type { Database } from '../../lib/db';

/** An account's name, for "published by". */
export async function findUserName(db: Database, id: string) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

/** Every category in the admins' order (sortOrder, then name), with its chosen winner. */
export function findCategories(db: Database, categoryId?: string) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      translations: categories.translations,
      winnerSongId: categories.winnerSongId,
    })
    .from(categories)
    .where(categoryId ? eq(categories.id, categoryId) : undefined)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
}

export type AnalyticsSongRow = Awaited<ReturnType<typeof findApprovedSongs>>[number];

/**
 * Approved songs (of one category, or all) with their valid votes: the sum of their tally shards, read
 * through the tallies' primary key, never by counting vote rows.
 */
export function findApprovedSongs(db: Database, categoryId?: string) {
  const conditions: SQL[] = [eq(songs.status, 'approved')];
  if (categoryId) conditions.push(eq(songs.categoryId, categoryId));
  return db
    .select({
      id: songs.id,
      title: songs.title,
      artist: songs.artist,
      categoryId: songs.categoryId,
      cover: songCoverColumns,
      validVotes: songTotalVotes,
    })
    .from(songs)
    .leftJoin(images, eq(images.id, songs.coverImageId))
    .where(and(...conditions));
}

/**
 * Votes set aside by fraud review, per song and state. The condition is written as a literal so the
 * planner matches it to the partial index `votes_set_aside_idx` (only quarantined and invalid votes):
 * the cost grows with the votes set aside, not with every vote ever cast.
 */
export async function countSetAsideVotes(db: Database, categoryId?: string) {
  const setAside = sql`${votes.status} <> 'valid'`;
  const rows = await db
    .select({ songId: votes.songId, status: votes.status, count: sql<number>`count(*)::int` })
    .from(votes)
    .where(categoryId ? and(setAside, eq(votes.categoryId, categoryId)) : setAside)
    .groupBy(votes.songId, votes.status);
  // Invalid votes past their retention live on as counts in the archive.
  const archivedSetAside = sql`${voteArchive.status} <> 'valid'`;
  const archived = await db
    .select({
      songId: voteArchive.songId,
      status: voteArchive.status,
      count: sql<number>`sum(${voteArchive.votes})::int`,
    })
    .from(voteArchive)
    .where(categoryId ? and(archivedSetAside, eq(voteArchive.categoryId, categoryId)) : archivedSetAside)
    .groupBy(voteArchive.songId, voteArchive.status);
  const counts = new Map<
    string,
    { songId: string; status: (typeof rows)[number]['status']; count: number }
  >();
  for (const row of [...rows, ...archived]) {
    const key = `${row.songId}|${row.status}`;
    const entry = counts.get(key) ?? { songId: row.songId, status: row.status, count: 0 };
    entry.count += Number(row.count);
    counts.set(key, entry);
  }
  return [...counts.values()];
}

/** Every valid vote: the sum of every tally shard. */
export async function countValidVotes(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${songVoteTallies.votes}), 0)::bigint` })
    .from(songVoteTallies);
  return Number(row?.total ?? 0);
}

/** The category's row, locked until the transaction ends: winner changes of one category take turns. */
export async function lockCategory(tx: Database, id: string) {
  const rows = await tx
    .select({ id: categories.id, name: categories.name, winnerSongId: categories.winnerSongId })
    .from(categories)
    .where(eq(categories.id, id))
    .for('update');
  return rows[0];
}

/** What a winner choice checks of a song. */
export async function findSong(db: Database, id: string) {
  const rows = await db
    .select({ id: songs.id, title: songs.title, categoryId: songs.categoryId, status: songs.status })
    .from(songs)
    .where(eq(songs.id, id))
    .limit(1);
  return rows[0];
}

/** Sets (or clears, with null) the category's winner. */
export async function storeWinner(tx: Database, categoryId: string, songId: string | null, at: Date) {
  await tx
    .update(categories)
    .set({ winnerSongId: songId, updatedAt: at })
    .where(eq(categories.id, categoryId));
}
