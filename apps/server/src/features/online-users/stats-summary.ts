import { randomUUID } from 'node:crypto';
import type { OnlineStats } from '@ovation/shared';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';

/** A summary younger than this is served as it is: the stats read the sessions table at most once a minute. */
export const SUMMARY_FRESH_MS = 60_000;
/**
 * An older summary is still served, at once, while one refresh runs in the background, up to this age.
 * Past it (nobody looked for a while) the caller waits for a new one rather than see old numbers.
 */
export const SUMMARY_SERVE_STALE_MS = 10 * 60_000;
/** The refresh lock expires by itself, should the instance holding it die mid-way. */
const LOCK_MS = 30_000;
/** How often a caller waiting for another instance's summary looks for it. */
const WAIT_STEP_MS = 25;

/**
 * Stores a summary unless the one stored is newer: computed later, or at the same moment for a later
 * change (a refresh that started before a removal and lands late never replaces one made after it).
 */
const WRITE_IF_NEWER = `
local stored = redis.call('HMGET', KEYS[1], 'at', 'gen')
if stored[1] and stored[2] then
  local at, gen = tonumber(stored[1]), tonumber(stored[2])
  local newAt, newGen = tonumber(ARGV[1]), tonumber(ARGV[2])
  if at > newAt or (at == newAt and gen > newGen) then return 0 end
end
redis.call('HSET', KEYS[1], 'at', ARGV[1], 'gen', ARGV[2], 'data', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;
/**
 * Marks the stored summary out of date (a change of the sessions it counts): `wanted` moves on, so a
 * summary computed for an earlier value is refreshed by its next reader.
 */
const MARK_STALE = `
local wanted = redis.call('HINCRBY', KEYS[1], 'wanted', 1)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return wanted`;
/** Releases the lock only if this instance still holds it. */
const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export interface OnlineStatsSummaryOptions {
  /** Reads the sessions table: the expensive part, run at most once a minute per deployment. */
  compute: () => Promise<OnlineStats>;
  clock: Clock;
  /** Shared by every instance when REDIS_URL is set: one summary and one refresh for the deployment. */
  redis?: Redis;
  namespace: string;
  /** A failed background refresh or Redis call is logged; the last summary keeps being served. */
  onError: (error: unknown) => void;
}

/**
 * A summary with the change count (`gen`) it was computed for: the value of `wanted` read before the
 * computation read the table. A summary whose gen is below the current `wanted` predates a change.
 */
interface Summary {
  stats: OnlineStats;
  gen: number;
}

const ageOf = (stats: OnlineStats, now: Date) => now.getTime() - Date.parse(stats.computedAt);
const newer = (a: Summary | undefined, b: Summary | undefined) => {
  if (!a || !b) return a ?? b;
  const at = Date.parse(a.stats.computedAt) - Date.parse(b.stats.computedAt);
  return at > 0 || (at === 0 && a.gen >= b.gen) ? a : b;
};
const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/**
 * The online stats as a per-minute summary: counting 100,000 online sessions on every
 * refresh of every admin's screen would read the table each time. The summary is kept in Redis when there
 * is one (so every instance serves the same numbers and one instance computes them, under a short lock)
 * and in this process otherwise. A stale summary (over a minute old, or older than a change: Cleanup,
 * Remove) is answered at once while one refresh runs behind it, so callers never wait for the table,
 * except when there is no summary to serve (the first, or one over 10 minutes old): then one instance
 * computes it, under the same lock, and the others wait for it rather than all read the table at once.
 */
export class OnlineStatsSummary {
  /** This process's latest summary: all there is without Redis, a fallback should Redis fail. */
  private local: Summary | undefined;
  /** The change count without Redis (with it, `wanted` in Redis). */
  private localWanted = 0;
  /** This process's half of the lock (the whole lock without Redis). */
  private localLock = false;
  private computing: Promise<OnlineStats> | undefined;
  private refreshing: Promise<void> | undefined;
  /** A refresh was asked for while one ran: it runs once more, for what changed meanwhile. */
  private refreshAgain = false;
  private readonly key: string;
  private readonly lockKey: string;

  constructor(private readonly options: OnlineStatsSummaryOptions) {
    this.key = `ovation:${options.namespace}:online-stats`;
    this.lockKey = `${this.key}:lock`;
  }

  /** The current summary: fresh, or stale with a refresh started, or (none to serve) computed now. */
  async current(): Promise<OnlineStats> {
    const { summary, wanted } = await this.read();
    if (summary && this.servable(summary)) {
      if (!this.isFresh(summary, wanted)) this.refreshInBackground();
      return summary.stats;
    }
    return this.computeOnce();
  }

  /**
   * The sessions changed (Cleanup Inactive, Remove): the summary is marked out of date for every instance
   * and refreshed in the background, so the caller does not wait for the table to be read; the next
   * stats call after that refresh shows the change.
   */
  async invalidate(): Promise<void> {
    this.localWanted += 1;
    const { redis } = this.options;
    if (redis) {
      await redis.eval(MARK_STALE, 1, this.key, String(SUMMARY_SERVE_STALE_MS)).catch(this.options.onError);
    }
    this.refreshInBackground();
  }

  /** Computes and shares a new summary at once (the scheduled refresh: one instance per minute does it). */
  async refreshNow(): Promise<OnlineStats> {
    return (await this.computeAndWrite()).stats;
  }

  /** Waits for a refresh under way: call before the database closes. */
  async close() {
    await this.refreshing;
    await this.computing?.catch(() => undefined);
  }

  private servable(summary: Summary) {
    return ageOf(summary.stats, this.options.clock.now()) < SUMMARY_SERVE_STALE_MS;
  }

  private isFresh(summary: Summary, wanted: number) {
    return summary.gen >= wanted && ageOf(summary.stats, this.options.clock.now()) < SUMMARY_FRESH_MS;
  }

  /** One refresh at a time in this process and, under the lock, in the deployment. */
  private refreshInBackground() {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshing = (async () => {
      do {
        this.refreshAgain = false;
        await this.refreshOnce();
      } while (this.refreshAgain);
    })()
      .catch(this.options.onError)
      .finally(() => {
        this.refreshing = undefined;
      });
  }

  /** Refreshes the summary unless another instance holds the lock (it is refreshing it) or just did. */
  private async refreshOnce() {
    const token = await this.acquireLock();
    if (!token) return;
    try {
      const { summary, wanted } = await this.read();
      if (summary && this.isFresh(summary, wanted)) return;
      await this.computeAndWrite();
    } finally {
      await this.releaseLock(token);
    }
  }

  /** A summary when there is none to serve; callers arriving meanwhile in this process share it. */
  private computeOnce(): Promise<OnlineStats> {
    this.computing ??= this.computeUnderLock().finally(() => {
      this.computing = undefined;
    });
    return this.computing;
  }

  /**
   * Computes a summary under the refresh lock, so instances asked at once do not all read the table: an
   * instance that finds the lock held waits for the holder's summary, and computes one itself only if
   * none comes before the lock would have expired.
   */
  private async computeUnderLock(): Promise<OnlineStats> {
    const deadline = Date.now() + LOCK_MS;
    for (;;) {
      const token = await this.acquireLock();
      if (token) {
        try {
          const { summary } = await this.read();
          if (summary && this.servable(summary)) return summary.stats;
          return (await this.computeAndWrite()).stats;
        } finally {
          await this.releaseLock(token);
        }
      }
      await sleep(WAIT_STEP_MS);
      const { summary } = await this.read();
      if (summary && this.servable(summary)) return summary.stats;
      if (Date.now() >= deadline) return (await this.computeAndWrite()).stats;
    }
  }

  /** Reads the table (the change count first, so a change made meanwhile leaves it stale) and shares it. */
  private async computeAndWrite(): Promise<Summary> {
    const gen = await this.readWanted();
    const summary = { stats: await this.options.compute(), gen };
    await this.write(summary);
    return summary;
  }

  /** The summary to serve (Redis's or this process's, the newer) and the current change count. */
  private async read(): Promise<{ summary: Summary | undefined; wanted: number }> {
    const { redis } = this.options;
    if (!redis) return { summary: this.local, wanted: this.localWanted };
    try {
      const [data, gen, wanted] = await redis.hmget(this.key, 'data', 'gen', 'wanted');
      const stored = data ? { stats: JSON.parse(data) as OnlineStats, gen: Number(gen ?? 0) } : undefined;
      return { summary: newer(stored, this.local), wanted: Number(wanted ?? 0) };
    } catch (error) {
      this.options.onError(error);
      return { summary: this.local, wanted: this.local?.gen ?? 0 };
    }
  }

  private async readWanted(): Promise<number> {
    const { redis } = this.options;
    if (!redis) return this.localWanted;
    try {
      return Number((await redis.hget(this.key, 'wanted')) ?? 0);
    } catch (error) {
      this.options.onError(error);
      return this.local?.gen ?? 0;
    }
  }

  private async write(summary: Summary) {
    this.local = newer(this.local, summary);
    const { redis } = this.options;
    if (!redis) return;
    try {
      await redis.eval(
        WRITE_IF_NEWER,
        1,
        this.key,
        String(Date.parse(summary.stats.computedAt)),
        String(summary.gen),
        JSON.stringify(summary.stats),
        String(SUMMARY_SERVE_STALE_MS),
      );
    } catch (error) {
      this.options.onError(error);
    }
  }

  /**
   * The lock's token when this instance may compute, else null: one computation at a time in this
   * process, and in the deployment under the Redis lock.
   */
  private async acquireLock(): Promise<string | null> {
    if (this.localLock) return null;
    this.localLock = true;
    const token = randomUUID();
    const { redis } = this.options;
    if (!redis) return token;
    try {
      if ((await redis.set(this.lockKey, token, 'PX', LOCK_MS, 'NX')) === 'OK') return token;
    } catch (error) {
      // Redis is down: refresh here rather than serve an ever older summary.
      this.options.onError(error);
      return token;
    }
    this.localLock = false;
    return null;
  }

  private async releaseLock(token: string) {
    this.localLock = false;
    const { redis } = this.options;
    if (!redis) return;
    await redis.eval(RELEASE_LOCK, 1, this.lockKey, token).catch(this.options.onError);
  }
}
