import type { PGlite } from '@electric-sql/pglite';
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
  text: `select * from cast_votes($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[],
           $7::text[], $8::timestamptz[], $9::timestamptz[], $10::integer[], $11::integer[], $12::smallint)`,
};

const asDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function castValues(ballots: BallotToCast[], shard: number) {
  const column = <T>(of: (ballot: BallotToCast) => T) => ballots.map(of);
  return [
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

/** The connection broke during the commit and the database could not say whether it committed. */
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

/** Whether the transaction `xid` committed, asked on another connection; null when nobody can say. */
async function transactionStatus(pool: pg.Pool, xid: string): Promise<'committed' | 'aborted' | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const { rows } = await pool.query<{ status: string | null }>(
        'select pg_xact_status($1::xid8) as status',
        [xid],
      );
      const status = rows[0]?.status;
      if (status === 'committed' || status === 'aborted') return status;
      // 'in progress': the server is still finishing it (or about to roll it back); a dead session's
      // transaction ends within moments.
    } catch {
      // The database itself is unreachable for now: try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * Casts a batch of votes in one transaction with the `cast_votes` database function (migration 0008),
 * which keeps every rule of the single-vote `cast_vote` and answers each vote in input order. On
 * PostgreSQL the transaction's id is read first, so that a connection lost during COMMIT is settled by
 * asking the database whether it committed (`pg_xact_status`), never by guessing: the votes are then
 * answered from the results already received, or cast again, or reported unknown (BatchOutcomeUnknown).
 * Any other failure throws BatchNotCast: nothing was written.
 */
export async function castVoteBatch(
  db: Database,
  ballots: BallotToCast[],
  shard: number,
): Promise<CastResult[]> {
  const client = (db as unknown as { $client?: pg.Pool | PGlite }).$client;
  if (!client) throw new Error('castVoteBatch needs the database itself, not a transaction');
  const values = castValues(ballots, shard);
  if (!(client instanceof pg.Pool)) {
    // The embedded database lives in this process: no connection to lose. Its transaction() holds the
    // database for this batch alone.
    try {
      const rows = await client.transaction(
        async (transaction) => (await transaction.query<CastRow>(CAST_VOTES.text, values)).rows,
      );
      return resultsOf(rows, ballots.length);
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
  let xid: string | undefined;
  let rows: CastRow[] | undefined;
  try {
    const begun = (await connection.query(
      'begin; select pg_current_xact_id()::text as xid',
    )) as unknown as Array<pg.QueryResult<{ xid: string }>>;
    xid = begun[1]!.rows[0]!.xid;
    rows = (await connection.query<CastRow>({ ...CAST_VOTES, values })).rows;
    await connection.query('commit');
    connection.release();
  } catch (error) {
    if (isDatabaseRefusal(error)) {
      // The transaction is aborted; end it so the connection can serve again.
      await connection.query('rollback').then(
        () => connection.release(),
        () => connection.release(true),
      );
      throw new BatchNotCast(error, false);
    }
    connection.release(true);
    // The connection broke. Before the function answered, nothing can have committed; after it, the
    // COMMIT may or may not have reached the server.
    if (!rows || !xid) throw new BatchNotCast(error, true);
    const status = await transactionStatus(client, xid);
    if (status === 'committed') return resultsOf(rows, ballots.length);
    if (status === 'aborted') throw new BatchNotCast(error, true);
    throw new BatchOutcomeUnknown(error);
  }
  return resultsOf(rows, ballots.length);
}
