import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';

/**
 * Fans the HTTP runs vote with, each at most once per category, so every vote is valid: enough that
 * neither run reaches the end of its list in 15 s at 6,000 votes a second (run (a) gives each fan 12 votes,
 * run (b) about 3.75), and 2,000 for the warm-up.
 */
export const SPREAD_FANS = 8_000;
export const BURST_FANS = 24_000;
export const WARMUP_FANS = 2_000;
export const HTTP_FANS = SPREAD_FANS + BURST_FANS + WARMUP_FANS;
/**
 * Separate fans for pgbench, as in the performance notes: 100,000 users for each of its two runs, so
 * the burst run never meets a vote of the spread run.
 */
export const PGBENCH_FANS_PER_RUN = 100_000;
export const PGBENCH_FANS = 2 * PGBENCH_FANS_PER_RUN;

/** A block of fans numbered `first` to `first + count - 1` (bench_users.n), with sessions. */
export interface FanRange {
  first: number;
  count: number;
}
const after = (range: FanRange) => range.first + range.count;
/** (c) the opening burst: 12,000 fans who have not voted yet, one vote each (the figure). */
export const OPENING_FANS: FanRange = { first: HTTP_FANS + PGBENCH_FANS + 1, count: 12_000 };
/**
 * (d) two instances: each fan votes in 8 categories through both instances, 16 requests, under the
 * server's 20 vote requests a minute per fan; 48,000 pairs outlast 15 s at 3,000 pairs a second.
 */
export const INSTANCE_FANS: FanRange = { first: after(OPENING_FANS), count: 6_000 };
/** (e) kill -9 on PostgreSQL: 3 s of votes, 12 categories a fan, 36,000 votes with plenty to spare. */
export const CRASH_FANS: FanRange = { first: after(INSTANCE_FANS), count: 3_000 };
/** Every fan of the benchmark: the HTTP runs, pgbench's, then the ranges above. */
export const BENCH_FANS = after(CRASH_FANS) - 1;
export const CATEGORY_COUNT = 12;
/** 500 songs, as in the performance notes. */
export const SONG_COUNT = 500;

/** The rows of a raw `db.execute` answer. */
export function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** How many fans to seed, and which of them get a session (pgbench's fans vote without one). */
export interface BenchPopulation {
  fans: number;
  withSessions: FanRange[];
}

export const BENCH_POPULATION: BenchPopulation = {
  fans: BENCH_FANS,
  withSessions: [{ first: 1, count: HTTP_FANS }, OPENING_FANS, INSTANCE_FANS, CRASH_FANS],
};

/**
 * Fills a fresh database (or a deployment's copy, beside what it holds) with what the benchmark needs, fast, in SQL: categories, approved songs, fans
 * with sessions whose bearer token is `bench-token-<n>`, an open window, and settings without CAPTCHA.
 */
export async function seedBenchData(db: Database, population: BenchPopulation = BENCH_POPULATION) {
  await db.execute(sql`
    insert into categories (name, description, sort_order)
    select 'Bench category ' || n, 'Benchmark', n from generate_series(1, ${CATEGORY_COUNT}) n`);
  await db.execute(sql`
    insert into songs (title, artist, category_id, song_link, status, search_text)
    select 'Bench song ' || n, 'Bench artist ' || n,
           (select id from categories where name = 'Bench category ' || (1 + n % ${CATEGORY_COUNT})),
           'https://www.youtube.com/watch?v=bench' || n, 'approved', 'bench song ' || n
    from generate_series(1, ${SONG_COUNT}) n`);
  await db.execute(sql`
    insert into users (name, email, role, email_verified)
    select 'Bench fan ' || n, 'fan' || n || '@bench.test', 'fan', true
    from generate_series(1, ${population.fans}) n`);
  await db.execute(sql`
    create table bench_users as
    select substring(email from 4 for position('@' in email) - 4)::int as n, id from users where email like '%@bench.test'`);
  await db.execute(sql`create unique index on bench_users (n)`);
  await db.execute(sql`
    create table bench_songs as
    select row_number() over (order by s.title) as n, s.id, s.category_id from songs s
    where s.title like 'Bench song %'`);
  await db.execute(sql`create unique index on bench_songs (n)`);
  for (const range of population.withSessions) {
    await db.execute(sql`
      insert into sessions (token_hash, user_id, device_type)
      select encode(sha256(convert_to('bench-token-' || b.n, 'UTF8')), 'hex'), b.id, 'desktop'
      from bench_users b where b.n between ${range.first} and ${after(range) - 1}`);
  }
  // A deployment under test (BENCH_TARGET) already has its window and settings: they are overwritten.
  await db.execute(sql`
    insert into voting_settings (id, is_enabled, start_date, end_date)
    values (1, true, now() - interval '1 hour', now() + interval '30 days')
    on conflict (id) do update set is_enabled = true, start_date = excluded.start_date, end_date = excluded.end_date`);
  await db.execute(sql`
    insert into settings (key, value) values ('platform', ${JSON.stringify({
      securitySettings: { requireCaptcha: false, requireEmailVerification: true },
    })}::jsonb)
    on conflict (key) do update set value = jsonb_set(settings.value, '{securitySettings,requireCaptcha}', 'false')`);
}

export interface BenchCatalog {
  songsByCategory: Map<string, string[]>;
  categoryIds: string[];
  /** Three songs in three different categories: the burst's favourites. */
  hotSongs: Array<{ id: string; categoryId: string }>;
}

export async function loadCatalog(db: Database): Promise<BenchCatalog> {
  const songs = rows<{ id: string; category_id: string }>(
    await db.execute(sql`select id, category_id from songs where title like 'Bench song %' order by title`),
  );
  const songsByCategory = new Map<string, string[]>();
  for (const song of songs) {
    const list = songsByCategory.get(song.category_id) ?? [];
    list.push(song.id);
    songsByCategory.set(song.category_id, list);
  }
  const categoryIds = [...songsByCategory.keys()];
  const hotSongs = categoryIds
    .slice(0, 3)
    .map((categoryId) => ({ id: songsByCategory.get(categoryId)![0]!, categoryId }));
  return { songsByCategory, categoryIds, hotSongs };
}

/**
 * Votes, tally totals, songs whose total differs from their vote rows, and (fan, category) pairs with
 * more than one vote in 24 hours, all read from one snapshot.
 */
export async function countVotesAndTallies(db: Database) {
  const [row] = rows<{ votes: string; tallies: string; mismatched: string; doubled: string }>(
    await db.execute(sql`
      select (select count(*) from votes where status = 'valid') as votes,
             (select coalesce(sum(votes), 0) from song_vote_tallies) as tallies,
             (select count(*) from songs s
               where (select count(*) from votes v where v.song_id = s.id and v.status = 'valid')
                  <> coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)) as mismatched,
             (select count(*) from (select 1 from votes where status = 'valid' group by user_id, category_id having count(*) > 1) d) as doubled`),
  );
  return {
    votes: Number(row!.votes),
    tallies: Number(row!.tallies),
    mismatchedSongs: Number(row!.mismatched),
    doubledFanCategories: Number(row!.doubled),
  };
}
