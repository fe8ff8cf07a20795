import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../lib/db';

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

export type CastStatus =
  | 'accepted'
  | 'song-not-found'
  | 'category-quota-used'
  | 'song-quota-used'
  | 'voting-disabled'
  | 'voting-not-started'
  | 'voting-ended';

interface CastRow {
  ord: number;
  status: CastStatus;
  vote_id: string | number | null;
  category_id: string | null;
  category_name: string | null;
  votes_in_window: number;
  oldest_in_window: Date | string | null;
  oldest_for_song: Date | string | null;
}

export interface CastResult {
  status: CastStatus;
  voteId: number | null;
  categoryId: string | null;
  categoryName: string | null;
  votesInWindow: number;
  oldestInWindow: Date | null;
  oldestForSong: Date | null;
}

export interface BallotToCast {
  vote: VoteRecord;
  quota: VoteQuota;
}

/** The batch, on every burst of votes: a prepared statement (one plan per connection). */
const CAST_VOTES = {
  name: 'cast_votes',
  text: `select * from cast_votes($1::uuid, $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::text[], $9::timestamptz[], $10::timestamptz[], $11::integer[], $12::integer[], $13::smallint)`,
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function castValues(batchId: string, ballots: BallotToCast[], shard: number) {
  const column = <T>(of: (ballot: BallotToCast) => T) => ballots.map(of);
  return [
    batchId,
    column((b) => b.vote.userId),
    column((b) => b.vote.songId),
    column((b) => b.vote.ip),
    column((b) => b.vote.ipPrefix),
    column((b) => b.vote.deviceType),
    column((b) => b.vote.deviceSignature),
    column((b) => b.vote.deviceId),
    column((b) => b.vote.at.toISOString()),
    column((b) => b.quota.windowStart.toISOString()),
    column((b) => b.quota.perCategory),
    column((b) => b.quota.perSong),
    shard,
  ];
}

function resultsOf(rows: CastRow[], count: number): CastResult[] {
  const results: CastResult[] = new Array(count);
  for (const row of rows) {
    results[Number(row.ord) - 1] = {
      status: row.status,
      voteId: row.vote_id === null ? null : Number(row.vote_id),
      categoryId: row.category_id,
      categoryName: row.category_name,
      votesInWindow: Number(row.votes_in_window),
      oldestInWindow: asDate(row.oldest_in_window),
      oldestForSong: asDate(row.oldest_for_song),
    };
  }
  if (results.some((result) => result === undefined)) throw new Error('cast_votes left a vote unanswered');
  return results;
}

/**
 * The batch failed and nothing of it was written: the database refused it (a deadlock, a lock timeout, a
 * bug) or the connection broke before the commit. Safe to cast again.
 */
export class BatchNotCast extends Error {
  constructor(
    readonly reason: unknown,
    /** The database could not be reached at all: splitting the batch would not help. */
    readonly unreachable: boolean,
  ) {
    super('vote batch not cast', { cause: reason });
    this.name = 'BatchNotCast';
  }
}

/**
 * The connection broke before the answer, and the batch committed or the database could not say: its
 * votes may be stored, so they must not be cast again, and their answers are lost.
 */
export class BatchOutcomeUnknown extends Error {
  constructor(readonly reason: unknown) {
    super('vote batch outcome unknown', { cause: reason });
    this.name = 'BatchOutcomeUnknown';
  }
}

/**
 * An error the database answered with a SQLSTATE, outside the classes that end the connection: the
 * transaction is known to have rolled back.
 */
function isDatabaseRefusal(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    !code.startsWith('08') &&
    !code.startsWith('57P')
  );
}

/**
 * Whether the batch committed, asked on another connection once the session that cast it has ended:
 * its witness row in vote_batches is there or not. Null when the database cannot say in time.
 */
async function batchCommitted(pool: pg.Pool, batchId: string, backendPid: number): Promise<boolean | null> {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const { rows } = await pool.query<{ running: boolean; committed: boolean }>(
        `select exists (select 1 from pg_stat_activity where pid = $2) as running,
                exists (select 1 from vote_batches where id = $1) as committed`,
        [batchId, backendPid],
      );
      if (rows[0]!.committed) return true;
      // While the session lives, its statement may still commit; once it is gone, nothing will.
      if (!rows[0]!.running) return false;
    } catch {
      // The database itself is out of reach for now: ask again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * Casts a batch of votes with the `cast_votes` database function (migration 0008), which keeps every rule
 * of the single-vote `cast_vote` and answers each vote in input order: one statement, so one round trip
 * and one transaction, committed before the answer leaves the database. The function also records the
 * batch's id (vote_batches), so that a connection lost before the answer is settled by asking the database
 * whether the batch committed, never by guessing: if not, BatchNotCast (cast it again); if it did, or
 * nobody can tell, BatchOutcomeUnknown (the votes may be stored; they must not be cast again). Any failure
 * the database reports throws BatchNotCast: nothing was written.
 */
export async function castVoteBatch(
  db: Database,
  ballots: BallotToCast[],
  shard: number,
): Promise<CastResult[]> {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error('castVoteBatch needs the database itself, not a transaction');
  const values = castValues(randomUUID(), ballots, shard);
  if (!(client instanceof pg.Pool)) {
    // The embedded database lives in this process: no connection to lose, and one statement at a time.
    try {
      return resultsOf((await client.query<CastRow>(CAST_VOTES.text, values)).rows, ballots.length);
    } catch (error) {
      throw new BatchNotCast(error, false);
    }
  }

  let connection: pg.PoolClient;
  try {
    connection = await client.connect();
  } catch (error) {
    throw new BatchNotCast(error, true);
  }
  const backendPid = (connection as unknown as { processID: number }).processID;
  try {
    const { rows } = await connection.query<CastRow>({ ...CAST_VOTES, values });
    connection.release();
    return resultsOf(rows, ballots.length);
  } catch (error) {
    if (isDatabaseRefusal(error)) {
      // The statement failed as a whole and its transaction rolled back.
      connection.release();
      throw new BatchNotCast(error, false);
    }
    connection.release(true);
    const committed = await batchCommitted(client, values[0] as string, backendPid);
    if (committed === false) throw new BatchNotCast(error, true);
    throw new BatchOutcomeUnknown(error);
  }
}

/** A batch's witness is read only moments after the batch; ten minutes is ample for any reconnect. */
const WITNESS_KEPT_MINUTES = 10;

/** Deletes old batch witnesses every few minutes (from each instance: cheap, and idempotent). */
export function pruneBatchWitnesses(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    db.execute(
      sql`delete from vote_batches where cast_at < now() - make_interval(mins => ${WITNESS_KEPT_MINUTES})`,
    ).catch(onError);
  }, 5 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
