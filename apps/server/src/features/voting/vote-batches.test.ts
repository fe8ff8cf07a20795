import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { voteQuotas, votes, votingSettings } from '../../db/schema';
import { databaseClient, rowsOf } from '../../lib/db';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { ballotFor, createCategory, createSong, openVoting } from '../../test/factories';
import { sharedSetUp, useTwoInstances } from '../../test/instances';
import { startTestServer, type TestServer } from '../../test/server';
import { BatchNotCast, castVoteBatch, settleLostBatch } from './cast-vote-repository';
import { saveVotingWindow } from './repository';

/**
 * Group commit over HTTP on a real database. This server casts a batch when 4 votes are waiting (its
 * window is long, and it waits even when idle), so each test fires exactly 4 votes in parallel and knows
 * they share one transaction.
 */
const BATCH = 4;
let server: TestServer;
let afro: { id: string };
let gospel: { id: string };
let essence: { id: string };
let jeje: { id: string };
let hymn: { id: string };
let pending: { id: string };

beforeAll(async () => {
  server = await startTestServer({
    environment: {
      VOTE_BATCH_SIZE: String(BATCH),
      VOTE_BATCH_WINDOW_MS: '1000',
      VOTE_BATCH_WAIT_WHEN_IDLE: '1',
    },
  });
  afro = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  gospel = await createCategory(server.db, { name: 'Best Gospel Song' });
  essence = await createSong(server.db, { categoryId: afro.id, title: 'Essence' });
  jeje = await createSong(server.db, { categoryId: afro.id, title: 'Love Me JeJe' });
  hymn = await createSong(server.db, { categoryId: gospel.id, title: 'Hymn' });
  pending = await createSong(server.db, { categoryId: afro.id, title: 'Pending', status: 'pending' });
  await openVoting(server.db);
});
afterAll(() => server.close());
beforeEach(async () => {
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
});

const vote = (target: TestServer, token: string, songId: string) =>
  target.request('POST', '/api/votes', { token, body: { songId } });

/** Fires the votes at once and answers them in order, with how many batches they took. */
async function inOneGo(ballots: Array<{ token: string; songId: string }>) {
  const before = server.app.voteBatcher.stats.batches;
  const answers = await Promise.all(ballots.map((ballot) => vote(server, ballot.token, ballot.songId)));
  return { answers, batches: server.app.voteBatcher.stats.batches - before };
}

async function expectTalliesEqualValidRows(target: TestServer) {
  const mismatched = rowsOf<{ song_id: string }>(
    await target.db.execute(sql`
      select s.id as song_id from songs s
      where coalesce((select sum(votes) from song_vote_tallies t where t.song_id = s.id), 0)
         <> (select count(*) from votes v where v.song_id = s.id and v.status = 'valid')`),
  );
  expect(mismatched).toEqual([]);
}

describe('a batch of votes', () => {
  it('accepts and refuses each vote on its own, in one transaction', async () => {
    const [fresh, other, already, lost] = await Promise.all(Array.from({ length: 4 }, () => signIn(server)));
    // `already` votes in Afrobeats first (a batch of its own: four of its votes in other categories do not exist).
    await Promise.all([
      vote(server, already!.token, essence.id),
      ...(await Promise.all(Array.from({ length: 3 }, () => signIn(server)))).map((fan) =>
        vote(server, fan.token, hymn.id),
      ),
    ]);

    const { answers, batches } = await inOneGo([
      { token: fresh!.token, songId: essence.id },
      { token: other!.token, songId: hymn.id },
      { token: already!.token, songId: jeje.id },
      { token: lost!.token, songId: pending.id },
    ]);
    expect(batches).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 409, 404]);
    expect(answers[0]!.body).toMatchObject({
      success: true,
      remainingVotes: 0,
      category: 'Best Afrobeats Song',
    });
    expect(answers[1]!.body.data).toMatchObject({ songId: hymn.id, categoryId: gospel.id });
    expect(answers[2]!.body).toMatchObject({ code: 'ALREADY_VOTED_IN_CATEGORY_TODAY' });
    expect(answers[2]!.body.nextVoteTime).toEqual(expect.any(String));
    expect(answers[3]!.body).toMatchObject({ code: 'SONG_NOT_FOUND' });
    // Each 201 names its own stored vote.
    for (const answer of answers.slice(0, 2)) {
      const [row] = await server.db
        .select()
        .from(votes)
        .where(eq(votes.id, Number(answer.body.data.voteId)));
      expect(row).toMatchObject({ songId: answer.body.data.songId, status: 'valid' });
    }
    await expectTalliesEqualValidRows(server);
  });

  it('decides a fan’s votes in one category one after the other: exactly the quota is accepted', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 2, allowMultipleVotes: true, maxVotesPerUser: 2 },
    });
    const fan = await signIn(server);
    const { answers, batches } = await inOneGo(
      [essence, jeje, essence, jeje].map((song) => ({ token: fan.token, songId: song.id })),
    );
    expect(batches).toBe(1);
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
    // The answers count in order: the first accepted leaves one vote, the second none.
    expect(accepted.map((answer) => answer.body.remainingVotes).sort()).toEqual([0, 1]);
    const cast = await server.db.select().from(votes).where(eq(votes.userId, fan.user.id));
    expect(cast).toHaveLength(2);
    // The batch's one update of its quota rows counts both votes, as of the later one.
    const quotas = await server.db.select().from(voteQuotas).where(eq(voteQuotas.userId, fan.user.id));
    expect(quotas).toEqual([
      expect.objectContaining({
        votesCast: 2,
        lastVoteAt: new Date(Math.max(...cast.map((vote) => vote.createdAt.getTime()))),
      }),
    ]);
    await expectTalliesEqualValidRows(server);
  });

  it('holds a fan to one vote per song within one batch when only one is allowed', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 3, allowMultipleVotes: false },
    });
    const [fan, other] = await Promise.all([signIn(server), signIn(server)]);
    const { answers, batches } = await inOneGo([
      { token: fan!.token, songId: essence.id },
      { token: fan!.token, songId: essence.id },
      { token: fan!.token, songId: jeje.id },
      { token: other!.token, songId: hymn.id },
    ]);
    expect(batches).toBe(1);
    const forEssence = answers.slice(0, 2).map((answer) => answer.status);
    expect(forEssence.sort()).toEqual([201, 409]);
    expect(answers.slice(0, 2).find((answer) => answer.status === 409)!.body.code).toBe(
      'ALREADY_VOTED_FOR_SONG',
    );
    expect(answers.slice(2).map((answer) => answer.status)).toEqual([201, 201]);
    expect(await server.db.select().from(votes).where(eq(votes.userId, fan!.user.id))).toHaveLength(2);
    await expectTalliesEqualValidRows(server);
  });

  it('is refused by the database itself outside the voting window, whatever the server believed', async () => {
    const fan = await signIn(server);
    const now = server.clock.now();
    const ballot = (at: Date) => ballotFor(fan.user.id, hymn.id, at);
    const start = new Date(now.getTime() - 60_000);
    const end = new Date(now.getTime() + 60_000);
    await saveVotingWindow(server.db, { isEnabled: true, startDate: start, endDate: end });
    const early = new Date(start.getTime() - 1);
    const late = new Date(end.getTime() + 1);
    const results = await castVoteBatch(server.db, [ballot(early), ballot(late)], 0);
    expect(results.map((result) => result.status)).toEqual(['voting-not-started', 'voting-ended']);
    await server.db.update(votingSettings).set({ isEnabled: false });
    try {
      const [disabled] = await castVoteBatch(server.db, [ballot(now)], 0);
      expect(disabled!.status).toBe('voting-disabled');
    } finally {
      await openVoting(server.db);
    }
    expect(await server.db.select().from(votes).where(eq(votes.userId, fan.user.id))).toHaveLength(0);
  });
});

describe('a batch whose transaction fails', () => {
  /** A trigger that fails the transaction of any batch holding a vote for a marked song. */
  beforeAll(async () => {
    await server.db.execute(sql`create table vote_faults (song_id uuid primary key, kind text not null)`);
    await server.db.execute(sql`create sequence vote_fault_once`);
    await server.db.execute(sql`
      create function inject_vote_faults() returns trigger language plpgsql as $$
      declare v_kind text;
      begin
        select kind into v_kind from vote_faults where song_id = new.song_id;
        if v_kind = 'always' then
          raise exception 'injected deadlock' using errcode = '40P01';
        elsif v_kind = 'once' and nextval('vote_fault_once') = 1 then
          raise exception 'injected serialization failure' using errcode = '40001';
        end if;
        return new;
      end $$`);
    await server.db.execute(
      sql`create trigger inject_vote_faults before insert on votes for each row execute function inject_vote_faults()`,
    );
  });
  afterEach(async () => {
    await server.db.execute(sql`delete from vote_faults`);
  });
  afterAll(async () => {
    await server.db.execute(sql`drop trigger inject_vote_faults on votes`);
  });

  it('is retried, and every vote is answered once and stored once', async () => {
    const song = await createSong(server.db, { categoryId: afro.id, title: 'Flaky' });
    await server.db.execute(sql`insert into vote_faults values (${song.id}, 'once')`);
    const fans = await Promise.all(Array.from({ length: BATCH }, () => signIn(server)));
    const retries = server.app.voteBatcher.stats.retries;
    const { answers, batches } = await inOneGo(fans.map((fan) => ({ token: fan.token, songId: song.id })));
    expect(batches).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(server.app.voteBatcher.stats.retries).toBe(retries + 1);
    expect(await server.db.select().from(votes).where(eq(votes.songId, song.id))).toHaveLength(BATCH);
    await expectTalliesEqualValidRows(server);
  });

  it('is split until the vote the database keeps refusing stands alone: that one gets 503 and Retry-After', async () => {
    const poisoned = await createSong(server.db, { categoryId: gospel.id, title: 'Poisoned' });
    await server.db.execute(sql`insert into vote_faults values (${poisoned.id}, 'always')`);
    const fans = await Promise.all(Array.from({ length: BATCH }, () => signIn(server)));
    const { answers } = await inOneGo([
      { token: fans[0]!.token, songId: essence.id },
      { token: fans[1]!.token, songId: poisoned.id },
      { token: fans[2]!.token, songId: hymn.id },
      { token: fans[3]!.token, songId: jeje.id },
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 503, 201, 201]);
    expect(answers[1]!.headers.get('retry-after')).toBe('1');
    expect(answers[1]!.body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(await server.db.select().from(votes).where(eq(votes.songId, poisoned.id))).toHaveLength(0);
    for (const [index, fan] of fans.entries()) {
      const stored = await server.db.select().from(votes).where(eq(votes.userId, fan.user.id));
      expect(stored).toHaveLength(index === 1 ? 0 : 1);
    }
    await expectTalliesEqualValidRows(server);

    // The 503 carried a pass for the fan's one retry: with the CAPTCHA on, it stands in for the token
    // (CAPTCHA tokens are single-use), for that fan and song only.
    const pass = answers[1]!.body.retryPass as string;
    expect(pass).toEqual(expect.any(String));
    await server.db.execute(sql`delete from vote_faults`);
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: true } });
    const otherSong = await server.request('POST', '/api/votes', {
      token: fans[1]!.token,
      body: { songId: essence.id, retryPass: pass },
    });
    expect(otherSong.body.code).toBe('CAPTCHA_REQUIRED_TO_VOTE');
    const forged = await server.request('POST', '/api/votes', {
      token: fans[1]!.token,
      body: { songId: poisoned.id, retryPass: `${pass.slice(0, -2)}AA` },
    });
    expect(forged.body.code).toBe('CAPTCHA_REQUIRED_TO_VOTE');
    const retried = await Promise.all([
      server.request('POST', '/api/votes', {
        token: fans[1]!.token,
        body: { songId: poisoned.id, retryPass: pass },
      }),
      ...(await Promise.all(Array.from({ length: BATCH - 1 }, () => signIn(server)))).map((fan) =>
        server.request('POST', '/api/votes', { token: fan.token, body: { songId: hymn.id } }),
      ),
    ]);
    expect(retried.map((answer) => answer.status)).toEqual([201, 400, 400, 400]);
    // Used once: the same pass does not stand in for the CAPTCHA again.
    const again = await server.request('POST', '/api/votes', {
      token: fans[1]!.token,
      body: { songId: poisoned.id, retryPass: pass },
    });
    expect(again.body.code).toBe('CAPTCHA_REQUIRED_TO_VOTE');
  });

  it.runIf(process.env.DATABASE_URL)(
    'whose connection dies during COMMIT is settled by asking the database, then cast again',
    async () => {
      // A deferred trigger runs inside COMMIT: it ends its own connection there, once.
      await server.db.execute(sql`create sequence vote_commit_kill`);
      await server.db.execute(sql`
        create function kill_commit_once() returns trigger language plpgsql as $$
        begin
          if nextval('vote_commit_kill') = 1 then perform pg_terminate_backend(pg_backend_pid()); end if;
          return null;
        end $$`);
      await server.db.execute(sql`
        create constraint trigger kill_commit_once after insert on votes deferrable initially deferred
        for each row execute function kill_commit_once()`);
      try {
        const fans = await Promise.all(Array.from({ length: BATCH }, () => signIn(server)));
        const retries = server.app.voteBatcher.stats.retries;
        const { answers } = await inOneGo(fans.map((fan) => ({ token: fan.token, songId: hymn.id })));
        expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
        expect(server.app.voteBatcher.stats.retries).toBe(retries + 1);
        for (const fan of fans) {
          expect(await server.db.select().from(votes).where(eq(votes.userId, fan.user.id))).toHaveLength(1);
        }
        await expectTalliesEqualValidRows(server);
      } finally {
        await server.db.execute(sql`drop trigger kill_commit_once on votes`);
      }
    },
  );
});

describe('a batch whose connection broke before its answer', () => {
  const ballotOf = (userId: string, songId: string) => ballotFor(userId, songId, server.clock.now());

  it.runIf(process.env.DATABASE_URL)(
    'is answered from its witness when it had committed, and never cast again',
    async () => {
      const [fan, late] = await Promise.all([signIn(server), signIn(server)]);
      const ballots = [ballotOf(fan.user.id, hymn.id), ballotOf(fan.user.id, essence.id)];
      const batchId = randomUUID();
      // The batch commits; pretend its answer was lost on the way back.
      const sent = await castVoteBatch(server.db, ballots, 0, batchId);
      const pool = databaseClient(server.db) as pg.Pool;
      const settled = await settleLostBatch(pool, ballots, batchId, new Error('connection lost'));
      expect(settled).toEqual(sent);
      expect(settled.map((result) => result.status)).toEqual(['accepted', 'accepted']);

      // A batch that had not committed is fenced: it may be cast again under a new id, and the old one
      // can never commit any more.
      const lostId = randomUUID();
      const lost = [ballotOf(late.user.id, hymn.id)];
      await expect(settleLostBatch(pool, lost, lostId, new Error('connection lost'))).rejects.toBeInstanceOf(
        BatchNotCast,
      );
      await expect(castVoteBatch(server.db, lost, 0, lostId)).rejects.toBeInstanceOf(BatchNotCast);
      expect(await server.db.select().from(votes).where(eq(votes.userId, late.user.id))).toHaveLength(0);
      await expectTalliesEqualValidRows(server);
    },
  );
});

describe('an idle server', () => {
  it('answers a single vote without waiting for a full batch', async () => {
    // The default settings: a vote that finds no batch in flight is cast at once.
    const idle = await startTestServer();
    try {
      const category = await createCategory(idle.db);
      const song = await createSong(idle.db, { categoryId: category.id });
      await openVoting(idle.db);
      await setPlatformSettings(idle.db, { securitySettings: { requireCaptcha: false } });
      const fan = await signIn(idle);
      const answer = await vote(idle, fan.token, song.id);
      expect(answer.status).toBe(201);
      expect(idle.app.voteBatcher.stats).toMatchObject({ batches: 1, votes: 1, largestBatch: 1 });
    } finally {
      await idle.close();
    }
  });
});

describe('two instances on one database', () => {
  const instances = useTwoInstances();

  it.runIf(sharedSetUp)('accept exactly the quota from 200 parallel votes of one fan', async () => {
    const { first, second } = instances;
    const category = await createCategory(first.db);
    const songs = await Promise.all([1, 2, 3].map(() => createSong(first.db, { categoryId: category.id })));
    await openVoting(first.db);
    await setPlatformSettings(first.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 2 },
    });
    const fan = await signIn(first);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        vote(index % 2 ? first : second, fan.token, songs[index % 3]!.id),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.some((answer) => answer.status >= 500)).toBe(false);
    expect(await first.db.select().from(votes).where(eq(votes.userId, fan.user.id))).toHaveLength(3);
    await expectTalliesEqualValidRows(first);
  });
});
