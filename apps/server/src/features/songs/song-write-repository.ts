import { and, eq, sql } from 'drizzle-orm';
import { categories, songs, songVoteTallies, users, voteArchive, votes } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';

export async function insertSong(db: Database, song: typeof songs.$inferInsert) {
  const [row] = await db.insert(songs).values(song).returning();
  return row!;
}

export async function findCategoryName(db: Database, id: string) {
  const rows = await db
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return rows[0]?.name;
}

/**
 * Inside a transaction: share-locks the category's row until the transaction ends (a delete, which takes
 * the update lock, waits for the songs going in, or they wait for it) and answers whether it still exists.
 */
export async function shareLockCategory(tx: Database, id: string) {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, id))
    .for('share');
  return rows.length > 0;
}

export async function findSongRow(db: Database, id: string) {
  const rows = await db.select().from(songs).where(eq(songs.id, id)).limit(1);
  return rows[0];
}

/** Whether the category already holds a song with this title and artist, ignoring case. */
export async function hasSameSongInCategory(db: Database, categoryId: string, title: string, artist: string) {
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(
      and(
        eq(songs.categoryId, categoryId),
        sql`lower(${songs.title}) = ${title.toLowerCase()}`,
        sql`lower(${songs.artist}) = ${artist.toLowerCase()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Inside the caller's transaction: deletes a song with its votes (votes carry no foreign key, see the
 * schema) and their archived counts, its tallies and views (cascade), and any winner choice that named it.
 */
export async function deleteSongAndVotes(tx: Database, id: string) {
  await tx.delete(votes).where(eq(votes.songId, id));
  await tx.delete(voteArchive).where(eq(voteArchive.songId, id));
  await tx.update(categories).set({ winnerSongId: null }).where(eq(categories.winnerSongId, id));
  await tx.delete(songs).where(eq(songs.id, id));
}

/** Whether any vote for the song is quarantined, waiting for a review's decision. */
export async function hasQuarantinedVotes(db: Database, id: string) {
  const rows = await db
    .select({ id: votes.id })
    .from(votes)
    .where(and(eq(votes.songId, id), eq(votes.status, 'quarantined')))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether any vote was ever cast for the song, whatever its state (valid, set aside, void, or archived):
 * such a song stays in the category its votes were cast in.
 */
export async function hasAnyVotes(db: Database, id: string) {
  const [row] = await db
    .select({
      any: sql<boolean>`exists (select 1 from ${votes} where ${votes.songId} = ${id})
        or exists (select 1 from ${voteArchive} where ${voteArchive.songId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.any);
}

/** Whether the song is the chosen winner of a category. */
export async function isCategoryWinner(db: Database, id: string) {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.winnerSongId, id))
    .limit(1);
  return rows.length > 0;
}

/** A song's valid vote total (the sum of its tally shards). */
export async function countSongVotes(db: Database, id: string) {
  const rows = await db
    .select({ total: sql<number>`coalesce(sum(${songVoteTallies.votes}), 0)::int` })
    .from(songVoteTallies)
    .where(eq(songVoteTallies.songId, id));
  return Number(rows[0]?.total ?? 0);
}

export async function findUserName(db: Database, id: string) {
  const rows = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0]?.name;
}

/** An uploader's songs with vote totals and, for approved ones, their rank in their category. */
export async function findUploaderSongRanks(db: Database, uploaderId: string) {
  const result = await db.execute(sql`
    with totals as (
      select s.id, s.category_id, s.status, s.uploader_id,
             coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)::int as total_votes
      from songs s
      where s.category_id in (select category_id from songs where uploader_id = ${uploaderId})
    ), ranked as (
      select id, total_votes,
             case when status = 'approved'
               then rank() over (partition by category_id, status = 'approved' order by total_votes desc)
             end as rank_in_category
      from totals
    )
    select r.id, r.total_votes, r.rank_in_category, s.moderation_reason
    from ranked r join songs s on s.id = r.id
    where s.uploader_id = ${uploaderId}`);
  return rowsOf<{
    id: string;
    total_votes: number;
    rank_in_category: number | string | null;
    moderation_reason: string | null;
  }>(result);
}

export async function countUploaderTotals(db: Database, uploaderId: string) {
  const result = await db.execute(sql`
    select count(*)::int as total_songs,
           coalesce(sum(s.views), 0)::int as total_views,
           coalesce((select sum(t.votes) from song_vote_tallies t join songs x on x.id = t.song_id where x.uploader_id = ${uploaderId}), 0)::int as total_votes,
           (select count(*) from users where role = 'artist')::int as total_artists
    from songs s where s.uploader_id = ${uploaderId}`);
  return rowsOf<{ total_songs: number; total_views: number; total_votes: number; total_artists: number }>(
    result,
  )[0]!;
}
