import type { FastifyBaseLogger } from 'fastify';
import { Unavailable } from '../../lib/errors';
import {
  type BallotToCast,
  BatchNotCast,
  BatchOutcomeUnknown,
  type CastResult,
} from './cast-vote-repository';
import { VOTE_TALLY_SHARDS } from './tally';

export interface VoteBatcherOptions {
  /**
   * How long a vote waits behind the batches in flight before another batch is started beside them (ms),
   * while a slot is free; when every slot is busy, it waits for a batch to finish. A vote that finds no
   * batch in flight is cast at the end of the event loop's turn, with the votes that arrived in that turn.
   */
  windowMs: number;
  /**
   * Waits for the window or a full batch even when no batch is in flight: tests use it to know which votes
   * share a batch.
   */
  waitWhenIdle?: boolean;
  /** A batch this full is cast at once. */
  maxSize: number;
  /** Batches cast at the same time; more wait in the queue, growing the next batch. */
  maxInFlight: number;
  logger?: FastifyBaseLogger;
  /** Told of every batch cast: its size, how long the cast and commit took, and how it ended. */
  observer?: VoteBatchObserver;
  /** Pause before the one retry of a failed batch (ms); a deadlock's other side finishes meanwhile. */
  retryDelayMs?: number;
}

/** committed: stored and answered; failed: not stored (retried or split); unknown: the database could not say. */
export type VoteBatchOutcome = 'committed' | 'failed' | 'unknown';

export interface VoteBatchObserver {
  batchCast(size: number, seconds: number, outcome: VoteBatchOutcome): void;
}

/** Casts a batch in one transaction and answers each vote in order (cast-vote-repository castVoteBatch). */
export type CastBatch = (ballots: BallotToCast[], shard: number) => Promise<CastResult[]>;

interface Waiting {
  ballot: BallotToCast;
  arrivedAt: number;
  resolve(result: CastResult): void;
  reject(error: unknown): void;
}

export interface VoteBatcherStats {
  batches: number;
  votes: number;
  largestBatch: number;
  retries: number;
  splits: number;
  unavailable: number;
}

/**
 * The answer when a vote could not be cast now: nothing was stored, and the client tries again in a
 * second; or, `maybeStored`, the database could not say whether it was, and it must not be sent again.
 */
export const voteUnavailable = (extra: Record<string, unknown> = {}) =>
  Unavailable('SERVICE_UNAVAILABLE', {
    extra: extra.maybeStored ? extra : { retryAfterSeconds: 1, ...extra },
  });

/**
 * Group commit for votes (docs/architecture.md, "Group commit"). A vote that finds no batch in flight is
 * cast at once (at the end of the event loop's turn, with any that arrived in the same turn): an idle
 * server makes nobody wait for a timer. Votes that arrive while a batch is committing wait for it and are
 * cast together in the next one, in one transaction, so one commit (one write-ahead-log flush, one round
 * trip) serves them all: under load, batches grow exactly as much as the database needs. While a slot is
 * free, a vote waits behind the batches in flight at most `windowMs`; then a batch is started beside them
 * (up to `maxInFlight`), as one is as soon as `maxSize` votes wait.
 *
 * Each vote's promise settles only after its batch has committed (or with the refusal or failure that is
 * true for that vote). A batch that fails is retried once, then split in two halves cast one after the
 * other (a fan's later vote never overtakes an earlier one), down to single votes; a vote that still
 * cannot be cast, or whose commit cannot be confirmed, is answered 503 with Retry-After.
 */
export class VoteBatcher {
  private readonly queue: Waiting[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | undefined;
  private endOfTurn: NodeJS.Immediate | undefined;
  private draining = false;
  private idle: Array<() => void> = [];
  /** Each batch takes the next tally shard, from a random start per process (see `nextShard`). */
  private shardCursor = Math.floor(Math.random() * VOTE_TALLY_SHARDS);
  readonly stats: VoteBatcherStats = {
    batches: 0,
    votes: 0,
    largestBatch: 0,
    retries: 0,
    splits: 0,
    unavailable: 0,
  };

  constructor(
    private readonly castBatch: CastBatch,
    private readonly options: VoteBatcherOptions,
  ) {}

  /** Queues a vote; settles once its batch has committed. */
  cast(ballot: BallotToCast): Promise<CastResult> {
    if (this.draining) return Promise.reject(voteUnavailable());
    return new Promise<CastResult>((resolve, reject) => {
      this.queue.push({ ballot, arrivedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  /** Casts what is queued at once and waits for every batch to finish (server shutdown). */
  async drain(): Promise<void> {
    this.draining = true;
    this.pump();
    if (this.queue.length === 0 && this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** @param idleNow the database is free and the votes waiting should go now (end of turn, batch done). */
  private pump(idleNow = false) {
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const idle = this.inFlight === 0 && !this.options.waitWhenIdle;
      const waited = performance.now() - this.queue[0]!.arrivedAt;
      const due =
        this.draining ||
        (idle && idleNow) ||
        this.queue.length >= this.options.maxSize ||
        waited >= this.options.windowMs;
      if (!due) {
        if (idle) this.castAtEndOfTurn();
        else this.arm(this.options.windowMs - waited);
        return;
      }
      const batch = this.queue.splice(0, this.options.maxSize);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        // If that was the last batch in flight, the votes that waited behind it go now.
        this.pump(true);
        if (this.queue.length === 0 && this.inFlight === 0) {
          for (const resolve of this.idle.splice(0)) resolve();
        }
      });
    }
  }

  private castAtEndOfTurn() {
    if (this.endOfTurn) return;
    this.endOfTurn = setImmediate(() => {
      this.endOfTurn = undefined;
      this.pump(true);
    });
  }

  private arm(delayMs: number) {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.pump();
      },
      Math.max(0, delayMs),
    );
  }

  /**
   * Consecutive batches of this process add to different counter rows of a song, so batches in flight
   * at once never wait for each other on a hot song's tally (and other processes start elsewhere).
   */
  private nextShard() {
    this.shardCursor = (this.shardCursor + 1) % VOTE_TALLY_SHARDS;
    return this.shardCursor;
  }

  private async run(batch: Waiting[]) {
    this.stats.batches++;
    this.stats.votes += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    await this.attempt(batch, false);
  }

  private async attempt(batch: Waiting[], isRetry: boolean): Promise<void> {
    let results: CastResult[];
    const started = performance.now();
    const observe = (outcome: VoteBatchOutcome) =>
      this.options.observer?.batchCast(batch.length, (performance.now() - started) / 1000, outcome);
    try {
      results = await this.castBatch(
        batch.map((waiting) => waiting.ballot),
        this.nextShard(),
      );
    } catch (error) {
      observe(error instanceof BatchNotCast ? 'failed' : 'unknown');
      return this.recover(batch, isRetry, error);
    }
    observe('committed');
    for (const [index, waiting] of batch.entries()) waiting.resolve(results[index]!);
  }

  private async recover(batch: Waiting[], isRetry: boolean, error: unknown): Promise<void> {
    if (!(error instanceof BatchNotCast)) {
      // Committed or not, nobody can say: a retry could count these votes twice.
      this.options.logger?.error(
        { err: error, votes: batch.length },
        error instanceof BatchOutcomeUnknown ? 'vote batch outcome unknown' : 'vote batch failed',
      );
      return this.giveUp(batch, true);
    }
    if (!isRetry) {
      this.stats.retries++;
      this.options.logger?.warn({ err: error.reason, votes: batch.length }, 'vote batch failed; retrying');
      await new Promise((resolve) =>
        setTimeout(resolve, (this.options.retryDelayMs ?? 5) * (1 + Math.random())),
      );
      return this.attempt(batch, true);
    }
    // The database is out of reach: smaller batches would fail alike.
    if (batch.length === 1 || error.unreachable) {
      this.options.logger?.error({ err: error.reason, votes: batch.length }, 'votes could not be cast');
      return this.giveUp(batch);
    }
    // One vote may be what the database refuses: halves, in order, isolate it.
    this.stats.splits++;
    const half = Math.ceil(batch.length / 2);
    await this.attempt(batch.slice(0, half), false);
    await this.attempt(batch.slice(half), false);
  }

  /** @param maybeStored the votes may have been stored: the client must not send them again blindly. */
  private giveUp(batch: Waiting[], maybeStored = false) {
    this.stats.unavailable += batch.length;
    for (const waiting of batch) waiting.reject(voteUnavailable(maybeStored ? { maybeStored } : {}));
  }
}
