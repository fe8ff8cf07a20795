import type { ClusterKind, VoteFilter } from '@ovation/shared';
import { and, countDistinct, eq, max, min, type SQL, sql } from 'drizzle-orm';
import { users, votes } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { inRange, iso, sinceEach } from './signal-repository';
import { emailPatternSql, voteFilterConditions } from './vote-filter-repository';

/**
 * A group of votes the cluster rules then judge: `votes` of one key (a prefix, a signature, an e-mail
 * pattern, or nothing but the span of account creation) for one song within one span of two half-bins,
 * beside `categoryVotes`, that key's votes in the song's category within the same span. For registration
 * bursts the span is when the accounts were created; for e-mail patterns it is the whole window.
 */
export interface ClusterCandidate {
  kind: ClusterKind;
  key: string;
  categoryId: string;
  songId: string;
  spanStart: Date;
  votes: number;
  categoryVotes: number;
}

export interface CandidateRule {
  /**
   * Width of a half-bin: spans are two consecutive half-bins, so any burst shorter than one half-bin
   * falls whole inside one span.
   */
  halfBinSeconds: number;
  minVotes: number;
  /** How soon after verifying an account's vote counts as 'at once' (registration bursts). */
  quickVoteMinutes: number;
}

/**
 * The part of every cluster query after its source rows (key, song_id, h): votes per half-bin; the spans
 * (two consecutive half-bins) that reach the minimum, which only spans holding a half-bin with at least
 * half the minimum can, so only those are summed; and the key's votes in the category over each span.
 */
function candidatesFrom(source: SQL, rule: CandidateRule) {
  const halfBin = sql`${`${rule.halfBinSeconds} seconds`}::interval`;
  return sql`
    with src as (${source}),
    half as (
      select h.key, h.song_id, s.category_id, h.h, h.k
      from (select key, song_id, h, count(*)::int as k from src group by 1, 2, 3) h
      join songs s on s.id = h.song_id
    ),
    strong as (select key, song_id, h from half where k >= ${Math.ceil(rule.minVotes / 2)}),
    span as (
      select key, song_id, h from strong
      union
      select key, song_id, h - ${halfBin} from strong
    ),
    candidate as (
      select s.key, s.song_id, coalesce(a.category_id, b.category_id) as category_id, s.h,
             coalesce(a.k, 0) + coalesce(b.k, 0) as k
      from span s
      left join half a on a.key = s.key and a.song_id = s.song_id and a.h = s.h
      left join half b on b.key = s.key and b.song_id = s.song_id and b.h = s.h + ${halfBin}
      where coalesce(a.k, 0) + coalesce(b.k, 0) >= ${rule.minVotes}
    ),
    category_half as (
      select key, category_id, h, sum(k)::int as n from half
      where (key, category_id) in (select key, category_id from candidate)
      group by 1, 2, 3
    )
    select c.key, c.category_id, c.song_id, extract(epoch from c.h)::bigint as h, c.k,
           (coalesce(x.n, 0) + coalesce(y.n, 0))::int as n
    from candidate c
    left join category_half x on x.key = c.key and x.category_id = c.category_id and x.h = c.h
    left join category_half y on y.key = c.key and y.category_id = c.category_id and y.h = c.h + ${halfBin}`;
}

/** Source rows (key, song_id, h) of each kind of cluster whose spans are bins of time, over the range. */
function clusterSource(kind: SpanKind, window: { from: Date; to: Date }, rule: CandidateRule): SQL {
  const halfBin = sql`${`${rule.halfBinSeconds} seconds`}::interval`;
  const bin = (column: SQL) => sql`date_bin(${halfBin}, ${column}, 'epoch'::timestamptz)`;
  if (kind === 'network') {
    // Prefixes with fewer votes in the whole window than a cluster needs are left out first, from
    // votes_prefix_time_idx alone: most of a country's /24s carry a handful of votes a day.
    return sql`
      select v.ip_prefix as key, v.song_id, ${bin(sql`v.created_at`)} as h
      from votes v
      where ${inRange(sql`v.created_at`, window)}
        and v.ip_prefix in (
          select ip_prefix from votes
          where ${inRange(sql`created_at`, window)} and ip_prefix is not null
          group by 1 having count(*) >= ${rule.minVotes})`;
  }
  if (kind === 'device') {
    return sql`
      select device_signature as key, song_id, ${bin(sql`created_at`)} as h
      from votes
      where ${inRange(sql`created_at`, window)} and device_signature is not null`;
  }
  // Registration bursts: votes cast within minutes of the account's verification, binned by when the
  // account was created; the key is the same for all.
  const quick = sql`${`${rule.quickVoteMinutes} minutes`}::interval`;
  return sql`
    select ''::text as key, v.song_id, ${bin(sql`u.created_at`)} as h
    from users u join votes v on v.user_id = u.id
    where u.email_verified_at >= ${iso(window.from)}::timestamptz - ${quick}
      and u.email_verified_at < ${iso(window.to)}::timestamptz
      and v.created_at >= u.email_verified_at and v.created_at < u.email_verified_at + ${quick}
      and ${inRange(sql`v.created_at`, window)}`;
}

/** Work memory for the cluster queries (see withClusterMemory): 32 MB holds a busy week's groups. */
const CLUSTER_WORK_MEM = '32MB';

/** The kinds of cluster whose spans are half-bins of time: of votes, or of account creation. */
export type SpanKind = Exclude<ClusterKind, 'email-pattern'>;

/**
 * Runs a cluster query with work memory for its hash aggregates, which hold one row per key, song and
 * half-bin: on a busy day more than PostgreSQL's default 4 MB, and spilling to disk is several times
 * slower. With `hashJoins`, its joins are hash joins: the planner cannot estimate the groups its CTEs
 * hold and picks, for hundreds of thousands of rows, a loop of index look-ups or two sorts (measured
 * twice as slow on the benchmark's database).
 */
async function withClusterMemory(db: Database, query: SQL, options: { hashJoins: boolean }) {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local work_mem = '${CLUSTER_WORK_MEM}'`));
    if (options.hashJoins) {
      await tx.execute(sql.raw('set local enable_nestloop = off'));
      await tx.execute(sql.raw('set local enable_mergejoin = off'));
    }
    return tx.execute(query);
  });
}

/** The candidate groups of one kind of cluster in the range (see ClusterCandidate), every span. */
export async function findClusterCandidates(
  db: Database,
  kind: SpanKind,
  window: { from: Date; to: Date },
  rule: CandidateRule,
): Promise<ClusterCandidate[]> {
  // Registration bursts start from the few accounts verified in the range: index look-ups suit them.
  const result = await withClusterMemory(db, candidatesFrom(clusterSource(kind, window, rule), rule), {
    hashJoins: kind !== 'registration-burst',
  });
  return rowsOf<{
    key: string;
    category_id: string;
    song_id: string;
    h: string | number;
    k: number;
    n: number;
  }>(result).map((row) => ({
    kind,
    key: row.key,
    categoryId: row.category_id,
    songId: row.song_id,
    spanStart: new Date(Number(row.h) * 1000),
    votes: row.k,
    categoryVotes: row.n,
  }));
}

/** Votes of accounts sharing an e-mail pattern for one song, beside their votes in its category. */
export interface PatternCandidate {
  pattern: string;
  categoryId: string;
  songId: string;
  /** Since each cut, in the order of the cuts. */
  votes: number[];
  categoryVotes: number[];
}

/**
 * Accounts that share an e-mail pattern and voted within the range: for each pattern (of at least
 * `minAccounts` voters; one without a digit run names one address) and song, their votes since each
 * cut, and their votes in the song's category. The range's votes are read once and kept for both uses.
 */
export async function findPatternCandidates(
  db: Database,
  range: { from: Date; to: Date; cuts: Date[] },
  minAccounts: number,
): Promise<PatternCandidate[]> {
  const result = await withClusterMemory(
    db,
    sql`
      with range_vote as materialized (
        select user_id, song_id, created_at from votes where ${inRange(sql`created_at`, range)}
      ),
      voter as (
        select u.id, ${emailPatternSql(sql`u.email`)} as pattern
        from users u
        where u.id in (select user_id from range_vote)
      ),
      shared as (
        select pattern from voter where pattern like '%#%' group by 1 having count(*) >= ${minAccounts}
      ),
      pattern_vote as (
        select p.pattern, v.song_id, s.category_id, v.created_at
        from range_vote v
        join voter p on p.id = v.user_id
        join songs s on s.id = v.song_id
        where p.pattern in (select pattern from shared)
      ),
      by_song as (
        select pattern, category_id, song_id,
               json_build_array(${sinceEach(range.cuts, sql`created_at`, sql`1`)}) as k
        from pattern_vote group by 1, 2, 3
      ),
      by_category as (
        select pattern, category_id,
               json_build_array(${sinceEach(range.cuts, sql`created_at`, sql`1`)}) as n
        from pattern_vote group by 1, 2
      )
      select s.pattern, s.category_id, s.song_id, s.k, c.n
      from by_song s join by_category c on c.pattern = s.pattern and c.category_id = s.category_id`,
    { hashJoins: true },
  );
  return rowsOf<{ pattern: string; category_id: string; song_id: string; k: number[]; n: number[] }>(
    result,
  ).map((row) => ({
    pattern: row.pattern,
    categoryId: row.category_id,
    songId: row.song_id,
    votes: row.k.map(Number),
    categoryVotes: row.n.map(Number),
  }));
}

/**
 * What a cluster's filter selects: accounts, votes (every status), valid votes, first and last vote, and
 * when the first and the last of its accounts were created.
 */
export async function readFilterFigures(db: Database, filter: VoteFilter) {
  const [row] = await db
    .select({
      accounts: countDistinct(votes.userId),
      votes: sql<number>`count(*)::int`,
      validVotes: sql<number>`(count(*) filter (where ${votes.status} = 'valid'))::int`,
      firstAt: min(votes.createdAt),
      lastAt: max(votes.createdAt),
      accountsFirstAt: min(users.createdAt),
      accountsLastAt: max(users.createdAt),
    })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(and(...voteFilterConditions(filter)));
  return {
    accounts: Number(row?.accounts ?? 0),
    votes: Number(row?.votes ?? 0),
    validVotes: Number(row?.validVotes ?? 0),
    firstAt: row?.firstAt ?? null,
    lastAt: row?.lastAt ?? null,
    accountsFirstAt: row?.accountsFirstAt ?? null,
    accountsLastAt: row?.accountsLastAt ?? null,
  };
}
