import { and, desc, eq, gt } from 'drizzle-orm';
import { categories, songs, users, votes } from '../../db/schema';
import type { Database } from '../../lib/db';

/**
 * The fan's votes in a category since `since`, newest first: every state, as the quota counts them (a vote
 * fraud review set aside still used the fan's quota).
 */
export function findFanVotesInCategory(db: Database, userId: string, categoryId: string, since: Date) {
  return db
    .select({ songId: votes.songId, createdAt: votes.createdAt, title: songs.title })
    .from(votes)
    .leftJoin(songs, eq(songs.id, votes.songId))
    .where(and(eq(votes.userId, userId), eq(votes.categoryId, categoryId), gt(votes.createdAt, since)))
    .orderBy(desc(votes.createdAt))
    .limit(200);
}

/** An approved song with its category: what a vote needs to know about the song. */
export async function findVotableSong(db: Database, songId: string) {
  const rows = await db
    .select({ id: songs.id, categoryId: songs.categoryId, categoryName: categories.name })
    .from(songs)
    .innerJoin(categories, eq(categories.id, songs.categoryId))
    .where(and(eq(songs.id, songId), eq(songs.status, 'approved')))
    .limit(1);
  return rows[0];
}

export async function categoryExists(db: Database, categoryId: string) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId))
    .limit(1);
  return rows.length > 0;
}

/** Who voted for a song, newest first (admins only: voters are not public). */
export function findSongVoters(db: Database, songId: string) {
  return db
    .select({
      id: votes.id,
      createdAt: votes.createdAt,
      userId: users.id,
      name: users.name,
      role: users.role,
    })
    .from(votes)
    .leftJoin(users, eq(users.id, votes.userId))
    .where(and(eq(votes.songId, songId), eq(votes.status, 'valid')))
    .orderBy(desc(votes.createdAt))
    .limit(500);
}
