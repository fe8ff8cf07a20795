import { inArray, min, type SQL, sql } from 'drizzle-orm';
import { categories, songs, votes } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';

/** SQL both signal repositories build on (this one and signal-cluster-repository.ts). */
export const iso = (date: Date) => date.toISOString();

/** The votes of [from, to): the range both created_at indexes answer. */
export function inRange(column: SQL | typeof votes.createdAt, range: { from: Date; to: Date }) {
  return sql`${column} >= ${iso(range.from)}::timestamptz and ${column} < ${iso(range.to)}::timestamptz`;
}

/** sum(`count`) since each cut, as a list of columns: one pass gives every window its figure. */
export function sinceEach(cuts: Date[], time: SQL, count: SQL) {
  return sql.join(
    cuts.map(
      (cut) => sql`coalesce(sum(${count}) filter (where ${time} >= ${iso(cut)}::timestamptz), 0)::int`,
    ),
    sql`, `,
  );
}

/** The earliest vote (the start of the 'all' window), or null when nobody voted yet. */
export async function findFirstVoteAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ first: min(votes.createdAt) }).from(votes);
  return row?.first ?? null;
}

export interface MinuteFigures {
  /**
   * Votes of each song since each of the `cuts` asked for (every status: a signal is about what was
   * cast), in the order of the cuts.
   */
  totals: Map<string, number[]>;
  /** Minutes far above the song's previous half hour. */
  spikes: Array<{ songId: string; at: Date; votes: number; baseline: number }>;
}

/**
 * Votes per song per minute over [from, to), summed since each cut (the windows' starts and the
 * clusters' reference), and the spikes among them, in one pass over the votes (an index-only scan of
 * votes_song_idx). A minute is a spike when its votes reach `minVotes`, at least `minRatio` times the
 * song's mean of the `baselineMinutes` before it, and more than that mean plus `sigmas` standard
 * deviations (minutes without votes count as zeros).
 */
export async function readMinuteFigures(
  db: Database,
  range: { from: Date; to: Date; cuts: Date[] },
  rule: { baselineMinutes: number; minVotes: number; minRatio: number; sigmas: number },
): Promise<MinuteFigures> {
  const leadIn = new Date(range.from.getTime() - rule.baselineMinutes * 60_000);
  // Constants of the code, never input: written into the statement because a window frame's offset
  // cannot be a bind parameter.
  const baseline = sql.raw(String(rule.baselineMinutes));
  const result = await db.execute(sql`
    with m as (
      select song_id, date_trunc('minute', created_at) as minute, count(*)::int as c
      from votes
      where ${inRange(sql`created_at`, { from: leadIn, to: range.to })}
      group by 1, 2
    ),
    totals as (
      select song_id, json_build_array(${sinceEach(range.cuts, sql`minute`, sql`c`)}) as counts from m
      where minute >= ${iso(range.from)}::timestamptz group by 1
    ),
    spiky as (
      select distinct song_id from m
      where minute >= ${iso(range.from)}::timestamptz and c >= ${rule.minVotes}
    ),
    scored as (
      select song_id, minute, c,
             coalesce(sum(c) over w, 0)::float8 / ${baseline} as mean,
             coalesce(sum(c * c) over w, 0)::float8 / ${baseline} as mean_square
      from m
      where song_id in (select song_id from spiky)
      window w as (partition by song_id order by minute
                   range between interval '${baseline} minutes' preceding and interval '1 minute' preceding)
    )
    select
      (select coalesce(json_agg(json_build_array(song_id, counts)), '[]'::json) from totals) as totals,
      (select coalesce(json_agg(json_build_array(song_id, extract(epoch from minute)::bigint, c, round(mean::numeric, 2))), '[]'::json)
       from scored
       where minute >= ${iso(range.from)}::timestamptz and c >= ${rule.minVotes}
         and c >= ${rule.minRatio} * mean
         and c > mean + ${rule.sigmas} * sqrt(greatest(mean_square - mean * mean, 0))) as spikes`);
  const [row] = rowsOf<{
    totals: Array<[string, number[]]>;
    spikes: Array<[string, number, number, number]>;
  }>(result);
  return {
    totals: new Map((row?.totals ?? []).map(([songId, counts]) => [songId, counts.map(Number)])),
    spikes: (row?.spikes ?? []).map(([songId, epochSeconds, count, mean]) => ({
      songId,
      at: new Date(Number(epochSeconds) * 1000),
      votes: Number(count),
      baseline: Number(mean),
    })),
  };
}

/** Votes per bucket of `bucketSeconds` for each of `songIds` (buckets counted from the epoch). */
export async function readSeriesPoints(
  db: Database,
  songIds: string[],
  window: { from: Date; to: Date },
  bucketSeconds: number,
) {
  if (songIds.length === 0) return [];
  const result = await db.execute(sql`
    select song_id, (extract(epoch from date_bin(${`${bucketSeconds} seconds`}::interval, created_at, 'epoch'::timestamptz)))::bigint as bucket,
           count(*)::int as votes
    from votes
    where song_id in (${sql.join(
      songIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${inRange(sql`created_at`, window)}
    group by 1, 2`);
  return rowsOf<{ song_id: string; bucket: string | number; votes: number }>(result).map((row) => ({
    songId: row.song_id,
    bucket: Number(row.bucket),
    votes: row.votes,
  }));
}

/** Title, artist and category of songs, by id. */
export async function findSongLabels(db: Database, songIds: string[]) {
  if (songIds.length === 0) return new Map<string, SongLabel>();
  const rows = await db
    .select({
      id: songs.id,
      title: songs.title,
      artist: songs.artist,
      categoryId: songs.categoryId,
      categoryName: categories.name,
    })
    .from(songs)
    .innerJoin(categories, sql`${categories.id} = ${songs.categoryId}`)
    .where(inArray(songs.id, songIds));
  return new Map(rows.map((row) => [row.id, row]));
}
export interface SongLabel {
  id: string;
  title: string;
  artist: string;
  categoryId: string;
  categoryName: string;
}

/** Whether a category exists (the signals of an unknown one are a 404, not an empty screen). */
export async function categoryExists(db: Database, categoryId: string): Promise<boolean> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.id} = ${categoryId}`)
    .limit(1);
  return rows.length > 0;
}
