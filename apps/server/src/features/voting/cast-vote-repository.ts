import { type Database, queryRows } from '../../lib/db';
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
  ip: string | null;
  ipPrefix: string | null;
  deviceType: string | null;
  deviceSignature: string | null;
  deviceId: string | null;
  at: Date;
}

interface CastRow {
  status: 'song-not-found' | 'category-quota-used' | 'song-quota-used' | 'accepted';
  vote_id: string | number | null;
  category_id: string | null;
  category_name: string | null;
  votes_in_window: number;
  oldest_in_window: Date | string | null;
  oldest_for_song: Date | string | null;
}

export interface CastResult {
  status: CastRow['status'];
  voteId: number | null;
  categoryId: string | null;
  categoryName: string | null;
  votesInWindow: number;
  oldestInWindow: Date | null;
  oldestForSong: Date | null;
}

/** The vote, on every request that casts one: a prepared statement. */
const CAST_VOTE = {
  name: 'cast_vote',
  text: `select * from cast_vote($1::uuid, $2::uuid, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz,
           $10::integer, $11::integer, $12::smallint)`,
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * Casts one vote with the `cast_vote` database function (migrations 0001, 0005 and 0006): in one statement, and so
 * one transaction, it checks the song is approved, locks the fan's quota row for the category (parallel
 * votes of one fan in one category, on any server instance, are checked one after the other), counts
 * the fan's votes in the window (every state: a vote set aside by fraud review still used the quota), and only under the quota inserts the vote and adds 1 to a random
 * tally shard of the song.
 */
export async function castVoteInTransaction(
  db: Database,
  vote: VoteRecord,
  quota: VoteQuota,
): Promise<CastResult> {
  const shard = Math.floor(Math.random() * VOTE_TALLY_SHARDS);
  const [row] = await queryRows<CastRow>(db, CAST_VOTE, [
    vote.userId,
    vote.songId,
    vote.ip,
    vote.ipPrefix,
    vote.deviceType,
    vote.deviceSignature,
    vote.deviceId,
    vote.at.toISOString(),
    quota.windowStart.toISOString(),
    quota.perCategory,
    quota.perSong,
    shard,
  ]);
  if (!row) throw new Error('cast_vote answered no row');
  return {
    status: row.status,
    voteId: row.vote_id === null ? null : Number(row.vote_id),
    categoryId: row.category_id,
    categoryName: row.category_name,
    votesInWindow: Number(row.votes_in_window),
    oldestInWindow: asDate(row.oldest_in_window),
    oldestForSong: asDate(row.oldest_for_song),
  };
}
