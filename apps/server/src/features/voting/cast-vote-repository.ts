import { sql } from 'drizzle-orm';
import type { Database } from '../../lib/db';
import { VOTE_TALLY_SHARDS } from './tally';

export interface VoteQuota {
  /** Votes the fan may cast in the category within the window. */
  perCategory: number;
  /** Votes the fan may cast for one song within the window. */
  perSong: number;
  /** Start of the window the quota counts over (24 hours ago, or the voting period's start). */
  windowStart: Date;
}

export interface VoteRecord {
  userId: string;
  songId: string;
  categoryId: string;
  ip: string | null;
  deviceType: string | null;
  at: Date;
}

export type CastResult =
  | { status: 'accepted'; voteId: number; votesInWindow: number }
  | { status: 'category-quota-used'; votesInWindow: number; oldestInWindow: Date | null }
  | { status: 'song-quota-used'; votesInWindow: number; oldestForSong: Date | null };

interface CountRow {
  in_category: number | string;
  for_song: number | string;
  oldest_in_category: Date | string | null;
  oldest_for_song: Date | string | null;
}

/** node-postgres and PGlite both answer raw queries with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Casts one vote in one transaction: lock the fan's quota row for the category (so parallel votes of
 * one fan in one category, on any server instance, are checked one after the other), count the fan's
 * valid votes in the window, and only if the quota allows insert the vote and add 1 to a random tally
 * shard of the song. Nothing is written when the quota is used up.
 */
export async function castVoteInTransaction(
  db: Database,
  vote: VoteRecord,
  quota: VoteQuota,
): Promise<CastResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into vote_quotas (user_id, category_id) values (${vote.userId}, ${vote.categoryId})
      on conflict (user_id, category_id) do update set votes_cast = vote_quotas.votes_cast`);
    // A new statement after the lock: under READ COMMITTED it sees every vote committed before it.
    const counted = await tx.execute(sql`
      select count(*) as in_category,
             count(*) filter (where song_id = ${vote.songId}) as for_song,
             min(created_at) as oldest_in_category,
             min(created_at) filter (where song_id = ${vote.songId}) as oldest_for_song
      from votes
      where user_id = ${vote.userId} and category_id = ${vote.categoryId} and is_valid
        and created_at > ${quota.windowStart}`);
    const row = rowsOf<CountRow>(counted)[0]!;
    const inCategory = Number(row.in_category);
    const forSong = Number(row.for_song);
    if (inCategory >= quota.perCategory) {
      return {
        status: 'category-quota-used',
        votesInWindow: inCategory,
        oldestInWindow: asDate(row.oldest_in_category),
      };
    }
    if (forSong >= quota.perSong) {
      return {
        status: 'song-quota-used',
        votesInWindow: inCategory,
        oldestForSong: asDate(row.oldest_for_song),
      };
    }
    const shard = Math.floor(Math.random() * VOTE_TALLY_SHARDS);
    const inserted = await tx.execute(sql`
      with vote as (
        insert into votes (user_id, song_id, category_id, ip, device_type, created_at)
        values (${vote.userId}, ${vote.songId}, ${vote.categoryId}, ${vote.ip}, ${vote.deviceType}, ${vote.at})
        returning id
      ), tally as (
        insert into song_vote_tallies (song_id, shard, votes) values (${vote.songId}, ${shard}, 1)
        on conflict (song_id, shard) do update set votes = song_vote_tallies.votes + 1
      ), quota as (
        update vote_quotas set votes_cast = votes_cast + 1, last_vote_at = ${vote.at}
        where user_id = ${vote.userId} and category_id = ${vote.categoryId}
      )
      select id from vote`);
    const voteId = Number(rowsOf<{ id: number | string }>(inserted)[0]!.id);
    return { status: 'accepted', voteId, votesInWindow: inCategory + 1 };
  });
}
