import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { ballotFor } from '../../test/factories';
import {
  type BallotToCast,
  BatchNotCast,
  BatchOutcomeUnknown,
  type CastResult,
} from './cast-vote-repository';
import { type CastBatch, VoteBatcher } from './vote-batcher';

const ballot = (userId: string) => ballotFor(userId, 'song', new Date(0));

const accepted = (id: number): CastResult => ({
  status: 'accepted',
  voteId: id,
  categoryId: 'category',
  categoryName: 'Category',
  votesInWindow: 1,
  oldestInWindow: null,
  oldestForSong: null,
});

/** A database stand-in that records each batch and accepts every vote, unless `fail` says otherwise. */
function fakeDatabase(fail: (ballots: BallotToCast[], call: number) => Error | undefined = () => undefined) {
  const batches: Array<{ users: string[]; shard: number }> = [];
  let nextId = 1;
  const castBatch: CastBatch = async (ballots, shard) => {
    batches.push({ users: ballots.map((item) => item.vote.userId), shard });
    const error = fail(ballots, batches.length);
    if (error) throw error;
    return ballots.map(() => accepted(nextId++));
  };
  return { castBatch, batches };
}

/**
 * A database stand-in whose first `held` batches do not commit until `release(index)` (the first by
 * default); it records each batch's fans.
 */
function databaseHoldingBatches(held = 1) {
  const releases: Array<() => void> = [];
  const gates = Array.from(
    { length: held },
    () => new Promise<void>((resolve) => releases.push(() => resolve())),
  );
  const batches: string[][] = [];
  const castBatch: CastBatch = async (ballots) => {
    const index = batches.push(ballots.map((item) => item.vote.userId)) - 1;
    if (index < held) await gates[index];
    return ballots.map((_, position) => accepted(position + 1));
  };
  return { castBatch, batches, release: (index = 0) => releases[index]!() };
}

const refusal = () =>
  new BatchNotCast(Object.assign(new Error('deadlock detected'), { code: '40P01' }), false);

afterEach(() => {
  vi.useRealTimers();
});

/** The end of the event loop's turn, when an idle batcher casts what arrived in it. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('VoteBatcher', () => {
  it('casts a lone vote on an idle server at the end of its turn, without waiting for the window or a full batch', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, { windowMs: 5, maxSize: 100, maxInFlight: 4 });
    const answer = batcher.cast(ballot('ada'));
    await endOfTurn();
    expect(batches).toEqual([{ users: ['ada'], shard: expect.any(Number) }]);
    await expect(answer).resolves.toMatchObject({ status: 'accepted', voteId: 1 });
  });

  it('casts the votes that reach an idle server in one turn together', async () => {
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, { windowMs: 5, maxSize: 100, maxInFlight: 4 });
    await Promise.all(['a', 'b', 'c'].map((user) => batcher.cast(ballot(user))));
    expect(batches.map((batch) => batch.users)).toEqual([['a', 'b', 'c']]);
  });

  it('gathers the votes arriving while a batch commits into the next, and starts one beside it after the window', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { castBatch, batches, release } = databaseHoldingBatches();
    const batcher = new VoteBatcher(castBatch, { windowMs: 5, maxSize: 100, maxInFlight: 4 });
    const first = batcher.cast(ballot('a'));
    await endOfTurn();
    expect(batches).toEqual([['a']]);
    // 'b' and 'c' wait behind the batch in flight, at most the window.
    const later = ['b', 'c'].map((user) => batcher.cast(ballot(user)));
    await vi.advanceTimersByTimeAsync(4);
    expect(batches).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a'], ['b', 'c']]);
    await Promise.all(later);
    release();
    await first;
  });

  it('keeps votes waiting for the window while another batch is still in flight', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { castBatch, batches, release } = databaseHoldingBatches(2);
    const batcher = new VoteBatcher(castBatch, { windowMs: 5, maxSize: 100, maxInFlight: 4 });
    const answers = [batcher.cast(ballot('a'))];
    await endOfTurn();
    answers.push(batcher.cast(ballot('b')));
    await vi.advanceTimersByTimeAsync(5);
    expect(batches).toEqual([['a'], ['b']]);
    answers.push(batcher.cast(ballot('c')));
    // 'a' commits, 'b' is still in flight: 'c' waits out its window rather than going alone at once.
    release(0);
    await vi.advanceTimersByTimeAsync(4);
    expect(batches).toEqual([['a'], ['b']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([['a'], ['b'], ['c']]);
    release(1);
    await Promise.all(answers);
  });

  it('casts a full batch at once, and the votes behind it as soon as it has committed', async () => {
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, { windowMs: 60_000, maxSize: 3, maxInFlight: 4 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((user) => batcher.cast(ballot(user)));
    expect(batches.map((batch) => batch.users)).toEqual([['a', 'b', 'c']]);
    expect((await Promise.all(answers)).map((answer) => answer.voteId)).toEqual([1, 2, 3, 4, 5]);
    expect(batches.map((batch) => batch.users)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  it('waits for the window or a full batch even when idle, when told to (tests pin a batch)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, {
      windowMs: 5,
      maxSize: 100,
      maxInFlight: 4,
      waitWhenIdle: true,
    });
    const answer = batcher.cast(ballot('ada'));
    await vi.advanceTimersByTimeAsync(4);
    expect(batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toHaveLength(1);
    await answer;
  });

  it('lets votes that arrive while every slot is busy form the next, larger batch', async () => {
    const { castBatch, batches, release } = databaseHoldingBatches();
    const batcher = new VoteBatcher(castBatch, { windowMs: 0, maxSize: 100, maxInFlight: 1 });
    const first = batcher.cast(ballot('a'));
    await endOfTurn();
    const later = ['b', 'c', 'd'].map((user) => batcher.cast(ballot(user)));
    expect(batches).toEqual([['a']]);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('gives consecutive batches different tally shards', async () => {
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, { windowMs: 0, maxSize: 1, maxInFlight: 4 });
    await Promise.all(['a', 'b', 'c', 'd'].map((user) => batcher.cast(ballot(user))));
    expect(new Set(batches.map((batch) => batch.shard)).size).toBe(4);
  });

  it('retries a batch the database refused once, and answers every vote', async () => {
    const { castBatch, batches } = fakeDatabase((_, call) => (call === 1 ? refusal() : undefined));
    const batcher = new VoteBatcher(castBatch, { windowMs: 1, maxSize: 3, maxInFlight: 1, retryDelayMs: 0 });
    const answers = await Promise.all(['a', 'b', 'c'].map((user) => batcher.cast(ballot(user))));
    expect(answers.map((answer) => answer.status)).toEqual(['accepted', 'accepted', 'accepted']);
    expect(batches.map((batch) => batch.users)).toEqual([
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ]);
    expect(batcher.stats).toMatchObject({ batches: 1, retries: 1, splits: 0, unavailable: 0 });
  });

  it('splits a batch that keeps failing, in order, until only the vote the database refuses is left: 503', async () => {
    const { castBatch, batches } = fakeDatabase((ballots) =>
      ballots.some((item) => item.vote.userId === 'poison') ? refusal() : undefined,
    );
    const batcher = new VoteBatcher(castBatch, { windowMs: 1, maxSize: 4, maxInFlight: 1, retryDelayMs: 0 });
    const settled = await Promise.allSettled(
      ['a', 'poison', 'b', 'c'].map((user) => batcher.cast(ballot(user))),
    );
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const failure = (settled[1] as PromiseRejectedResult).reason as AppError;
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      extra: { retryAfterSeconds: 1 },
    });
    // Halves are cast one after the other: 'a' is decided before 'b' and 'c'.
    const successful = batches.filter((batch) => !batch.users.includes('poison')).map((batch) => batch.users);
    expect(successful).toEqual([['a'], ['b', 'c']]);
    expect(batcher.stats.unavailable).toBe(1);
  });

  it('answers 503 to every vote when the database is out of reach, without splitting', async () => {
    const { castBatch, batches } = fakeDatabase(() => new BatchNotCast(new Error('ECONNREFUSED'), true));
    const batcher = new VoteBatcher(castBatch, { windowMs: 1, maxSize: 3, maxInFlight: 1, retryDelayMs: 0 });
    const settled = await Promise.allSettled(['a', 'b', 'c'].map((user) => batcher.cast(ballot(user))));
    expect(settled.every((result) => result.status === 'rejected')).toBe(true);
    expect(batches).toHaveLength(2);
  });

  it('never retries a batch whose commit nobody can confirm: that could count its votes twice', async () => {
    const { castBatch, batches } = fakeDatabase(() => new BatchOutcomeUnknown(new Error('connection lost')));
    const batcher = new VoteBatcher(castBatch, { windowMs: 1, maxSize: 2, maxInFlight: 1, retryDelayMs: 0 });
    const settled = await Promise.allSettled(['a', 'b'].map((user) => batcher.cast(ballot(user))));
    expect(settled.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(batches).toHaveLength(1);
  });

  it('casts what is queued when the server shuts down, then refuses new votes with 503', async () => {
    const { castBatch, batches } = fakeDatabase();
    const batcher = new VoteBatcher(castBatch, { windowMs: 60_000, maxSize: 100, maxInFlight: 1 });
    const queued = batcher.cast(ballot('a'));
    await batcher.drain();
    expect(batches).toHaveLength(1);
    await expect(queued).resolves.toMatchObject({ status: 'accepted' });
    await expect(batcher.cast(ballot('b'))).rejects.toMatchObject({ status: 503 });
  });
});
