import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../lib/db';
import type { TestServer } from './server';

/** What the vote-review tests need of a song. */
export interface PlantedSong {
  id: string;
  categoryId: string;
}

let planted = 0;

/**
 * `count` votes for `song` from as many new fans, on network `ipPrefix`, written as the vote transaction
 * writes them: the vote rows and the song's tally in one transaction. Answers the vote ids, ascending.
 */
export async function plantVotes(
  server: TestServer,
  song: PlantedSong,
  count: number,
  ipPrefix = '41.203.77.0/24',
): Promise<number[]> {
  const batch = `${process.pid}-${++planted}`;
  const ids = await server.db.transaction(async (tx) => {
    const inserted = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        with fans as (
          insert into users (name, email, email_verified, role)
          select 'Planted ' || ${batch} || '-' || n, 'planted-' || ${batch} || '-' || n || '@example.com', true, 'fan'
          from generate_series(1, ${count}::int) n
          returning id
        )
        insert into votes (user_id, song_id, category_id, ip, ip_prefix, device_type)
        select id, ${song.id}, ${song.categoryId}, null, ${ipPrefix}, 'mobile' from fans
        returning id`),
    );
    await tx.execute(sql`
      insert into song_vote_tallies as t (song_id, shard, votes) values (${song.id}, 3, ${count})
      on conflict (song_id, shard) do update set votes = t.votes + excluded.votes`);
    return inserted.map((row) => Number(row.id));
  });
  return ids.sort((a, b) => a - b);
}

/** Every song's tally total next to its valid votes: the rows, and those past retention in the archive. */
export async function countsPerSong(server: TestServer) {
  return rowsOf<{ id: string; tally: number; valid: number }>(
    await server.db.execute(sql`
      select s.id,
        coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)::int as tally,
        ((select count(*) from votes v where v.song_id = s.id and v.status = 'valid')
          + coalesce((select sum(a.votes) from vote_archive a where a.song_id = s.id and a.status = 'valid'), 0))::int
          as valid
      from songs s order by s.id`),
  ).map((row) => ({ id: row.id, tally: Number(row.tally), valid: Number(row.valid) }));
}

/** The invariant every action keeps: for every song, its tally total equals its valid votes. */
export async function expectHonestCounts(server: TestServer) {
  const counts = await countsPerSong(server);
  expect(counts.length).toBeGreaterThan(0);
  expect(counts.filter((song) => song.tally !== song.valid)).toEqual([]);
}

/** A song's valid votes now. */
export async function validTotalOf(server: TestServer, song: PlantedSong) {
  return (await countsPerSong(server)).find((row) => row.id === song.id)?.valid ?? 0;
}
