import { randomUUID } from 'node:crypto';
import { lt } from 'drizzle-orm';
import pg from 'pg';
import { voteBatches } from '../../db/schema';
import { affectedRows, type Database, databaseClient } from '../../lib/db';

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
 * The database refused the statement and said so: it rolled back, and the connection is still good. Not
 * the classes that end the connection (08, 57P): those can arrive after a commit.
 */
function isDatabaseRefusal(error: unknown) {
  return error instanceof pg.DatabaseError && !/^(08|57P)/.test(error.code ?? '');
}

interface Witness {
  statuses: CastStatus[];
  vote_ids: Array<string | number | null>;
  votes_in_window: number[];
  oldest_in_window: Array<Date | string | null>;
  oldest_for_song: Array<Date | string | null>;
}

/** How long the fence waits for a batch still running to finish, per try. */
const FENCE_LOCK_TIMEOUT = '2s';
/** Tries of the fence before the outcome is called unknown: about 15 s for a failover to complete. */
const FENCE_TRIES = 5;

/**
 * Settles a batch whose connection broke before its answer, on another connection, by fencing its id:
 * inserting the batch's witness row ourselves. If that insert succeeds, the batch had not committed, and
 * now never can (its own witness insert, its last statement, would fail on the duplicate id): answer
 * 'not cast'. If the id is taken, the batch committed: answer its witness, which holds every vote's answer.
 * A batch still running holds the id's index entry; the fence waits for it (lock_timeout), then tries
 * again. Null when the database cannot settle it in time.
 */
async function fenceBatch(pool: pg.Pool, batchId: string): Promise<'not cast' | Witness | null> {
  for (let attempt = 0; attempt < FENCE_TRIES; attempt++) {
    try {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        await connection.query(`set local lock_timeout = '${FENCE_LOCK_TIMEOUT}'`);
        const fenced = await connection.query(
          'insert into vote_batches (id) values ($1) on conflict do nothing returning id',
          [batchId],
        );
        await connection.query('commit');
        if (fenced.rowCount === 1) return 'not cast';
        const { rows } = await connection.query<Witness>(
          `select statuses, vote_ids, votes_in_window, oldest_in_window, oldest_for_song
             from vote_batches where id = $1`,
          [batchId],
        );
        return rows[0] ?? null;
      } finally {
        connection.release(true);
      }
    } catch {
      // The batch still holds its id (lock timeout), or the database is out of reach: try again shortly.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return null;
}

/**
 * The answers of a batch whose connection broke before them (see `fenceBatch`): its witness's when it had
 * committed; BatchNotCast when it had not (and now never will); BatchOutcomeUnknown when nobody can say.
 */
export async function settleLostBatch(
  pool: pg.Pool,
  ballots: BallotToCast[],
  batchId: string,
  reason: unknown,
): Promise<CastResult[]> {
  const settled = await fenceBatch(pool, batchId);
  if (settled === 'not cast') throw new BatchNotCast(reason, true);
  if (settled === null) throw new BatchOutcomeUnknown(reason);
  return resultsFromWitness(pool, ballots, settled);
}

/** The answers of a committed batch rebuilt from its witness, with each song's category read again. */
async function resultsFromWitness(
  pool: pg.Pool,
  ballots: BallotToCast[],
  witness: Witness,
): Promise<CastResult[]> {
  const { rows } = await pool.query<{ song_id: string; category_id: string; category_name: string }>(
    `select s.id as song_id, c.id as category_id, c.name as category_name
       from songs s join categories c on c.id = s.category_id where s.id = any($1::uuid[])`,
    [ballots.map((ballot) => ballot.vote.songId)],
  );
  const categories = new Map(rows.map((row) => [row.song_id, row]));
  return ballots.map((ballot, index) => {
    const status = witness.statuses[index]!;
    const category = status === 'song-not-found' ? undefined : categories.get(ballot.vote.songId);
    const voteId = witness.vote_ids[index];
    return {
      status,
      voteId: voteId === null || voteId === undefined ? null : Number(voteId),
      categoryId: category?.category_id ?? null,
      categoryName: category?.category_name ?? null,
      votesInWindow: Number(witness.votes_in_window[index] ?? 0),
      oldestInWindow: asDate(witness.oldest_in_window[index] ?? null),
      oldestForSong: asDate(witness.oldest_for_song[index] ?? null),
    };
  });
}

/**
 * Casts a batch of votes with the `cast_votes` database function (migration 0008), which keeps every rule
 * of the single-vote `cast_vote` and answers each vote in input order: one statement, so one round trip
 * and one transaction, committed before the answer leaves the database. The function also writes the
 * batch's witness (vote_batches: its id and every answer), so that a connection lost before the answer is
 * settled by the database, never by guessing (`fenceBatch`): a batch that had not committed is cast again
 * (BatchNotCast), one that had is answered from its witness. Only when the database cannot settle it in
 * time: BatchOutcomeUnknown (the votes may be stored; they must not be cast again). Any failure the
 * database reports throws BatchNotCast: nothing was written.
 */
export async function castVoteBatch(
  db: Database,
  ballots: BallotToCast[],
  shard: number,
  batchId: string = randomUUID(),
): Promise<CastResult[]> {
  const client = databaseClient(db);
  const values = castValues(batchId, ballots, shard);
  let rows: CastRow[];
  if (!(client instanceof pg.Pool)) {
    // The embedded database lives in this process: no connection to lose, and one statement at a time.
    try {
      rows = (await client.query<CastRow>(CAST_VOTES.text, values)).rows;
    } catch (error) {
      throw new BatchNotCast(error, false);
    }
  } else {
    let connection: pg.PoolClient;
    try {
      connection = await client.connect();
    } catch (error) {
      throw new BatchNotCast(error, true);
    }
    try {
      rows = (await connection.query<CastRow>({ ...CAST_VOTES, values })).rows;
      connection.release();
    } catch (error) {
      if (isDatabaseRefusal(error)) {
        connection.release();
        throw new BatchNotCast(error, false);
      }
      connection.release(true);
      return settleLostBatch(client, ballots, batchId, error);
    }
  }
  try {
    return resultsOf(rows, ballots.length);
  } catch (error) {
    // Committed, but the answer is not what it should be: the votes are stored, never cast them again.
    throw new BatchOutcomeUnknown(error);
  }
}

/** Deletes the batch witnesses cast before `before`; answers how many. */
export async function deleteBatchWitnessesBefore(db: Database, before: Date): Promise<number> {
  return affectedRows(await db.delete(voteBatches).where(lt(voteBatches.castAt, before)));
}
