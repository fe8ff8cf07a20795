import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  type ClickCheck,
  type ClickOutcome,
  type CountingStore,
  HOUR_MS,
  hourStart,
  type ImpressionCheck,
  type ImpressionOutcome,
  REPEAT_WINDOW_MS,
  SEEN_WINDOW_MS,
  type SeedUsage,
} from './counting-store';
import type { AdUsage } from './serving';

/**
 * Viewers and caps shared by every instance through Redis (REDIS_URL): one Lua script per event checks and
 * updates them atomically, so two instances counting the last impression under a cap at the same moment
 * cannot both count it, and a viewer's repeat is caught whichever instance it reaches.
 *
 * Keys (the ad id in braces: an ad's keys share a cluster slot):
 *   ovation:<ns>:ad:{<ad>}:total            counted impressions, all time
 *   ovation:<ns>:ad:{<ad>}:day:<YYYY-MM-DD>  counted impressions on a day of the platform's timezone
 *   ovation:<ns>:ad:{<ad>}:v:<location>:<viewer>  hash: s last impression, c last counted one, h its UTC
 *     hour, k last counted click (ms on the servers' clock, not Redis's: the tests move it by hand)
 *   ovation:<ns>:ad-token:<i|c>:<token>     a used token, until it stops verifying
 */

/** A viewer's entry outlives the longest window that reads it (a click within a token's lifetime). */
const VIEWER_TTL_MS = SEEN_WINDOW_MS + 5 * 60_000;
/** A day's counter outlives its day in every timezone. */
const DAY_TTL_MS = 3 * 24 * HOUR_MS;
/** The all-time counter of an ad nobody saw for a month is read again from the database. */
const TOTAL_TTL_MS = 30 * 24 * HOUR_MS;

/**
 * Returns -1 when a counter is missing (the caller seeds it from the database and retries), 0 repeat,
 * 1 over a cap, 2 counted, 3 counted and the viewer's first counted one of this hour.
 */
const IMPRESSION = `
if redis.call('EXISTS', KEYS[2]) == 0 or redis.call('EXISTS', KEYS[3]) == 0 then return -1 end
local now = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'c', 'h')
redis.call('HSET', KEYS[1], 's', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[6])
if state[1] and now - tonumber(state[1]) < tonumber(ARGV[2]) then return 0 end
local maxTotal, maxDaily = tonumber(ARGV[4]), tonumber(ARGV[5])
if maxTotal > 0 and tonumber(redis.call('GET', KEYS[2])) >= maxTotal then return 1 end
if maxDaily > 0 and tonumber(redis.call('GET', KEYS[3])) >= maxDaily then return 1 end
redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], ARGV[8])
redis.call('INCR', KEYS[3])
redis.call('PEXPIRE', KEYS[3], ARGV[7])
redis.call('HSET', KEYS[1], 'c', ARGV[1], 'h', ARGV[3])
if state[2] == ARGV[3] then return 2 end
return 3`;

/** Returns 0 unseen (no impression within the window), 1 repeat, 2 counted. */
const CLICK = `
local state = redis.call('HMGET', KEYS[1], 's', 'k')
local now = tonumber(ARGV[1])
if not state[1] or now - tonumber(state[1]) > tonumber(ARGV[2]) then return 0 end
if state[2] and now - tonumber(state[2]) < tonumber(ARGV[3]) then return 1 end
redis.call('HSET', KEYS[1], 'k', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 2`;

/** A script run by its digest, sent in full only when Redis does not have it yet (a restart, a flush). */
class Script {
  private readonly sha: string;
  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: string[], args: Array<string | number>): Promise<number> {
    try {
      return Number(await redis.evalsha(this.sha, keys.length, ...keys, ...args));
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return Number(await redis.eval(this.source, keys.length, ...keys, ...args));
    }
  }
}

const impressionScript = new Script(IMPRESSION);
const clickScript = new Script(CLICK);

export class RedisCountingStore implements CountingStore {
  /** Seeds under way in this process, so a burst on a new ad reads the database once. */
  private readonly seeding = new Map<string, Promise<void>>();

  constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
    private readonly seed: SeedUsage,
  ) {}

  async impression(check: ImpressionCheck): Promise<ImpressionOutcome> {
    const keys = [this.viewerKey(check), this.totalKey(check.adId), this.dayKey(check.adId, check.day)];
    const args = [
      check.now,
      REPEAT_WINDOW_MS,
      hourStart(check.now),
      check.maxTotal,
      check.maxDaily,
      VIEWER_TTL_MS,
      DAY_TTL_MS,
      TOTAL_TTL_MS,
    ];
    let answer = await impressionScript.run(this.redis, keys, args);
    if (answer === -1) {
      await this.ensureSeeded(check.adId, check.day);
      answer = await impressionScript.run(this.redis, keys, args);
    }
    if (answer === 0) return { kind: 'repeat' };
    if (answer === 2 || answer === 3) return { kind: 'counted', firstInHour: answer === 3 };
    // Over a cap, or (-1) a counter gone again at once: not counted, as over a cap would be.
    return { kind: 'overCap' };
  }

  async click(check: ClickCheck): Promise<ClickOutcome> {
    const answer = await clickScript.run(
      this.redis,
      [this.viewerKey(check)],
      [check.now, SEEN_WINDOW_MS, REPEAT_WINDOW_MS, VIEWER_TTL_MS],
    );
    return answer === 2 ? 'counted' : answer === 1 ? 'repeat' : 'unseen';
  }

  async firstUse(key: string, now: number, expiresAt: number): Promise<boolean> {
    const ttl = Math.max(1, Math.ceil(expiresAt - now));
    return (await this.redis.set(`ovation:${this.namespace}:ad-token:${key}`, '1', 'PX', ttl, 'NX')) === 'OK';
  }

  async usage(adIds: readonly string[], day: string): Promise<Map<string, AdUsage>> {
    const read = () =>
      this.redis.mget(adIds.flatMap((adId) => [this.totalKey(adId), this.dayKey(adId, day)]));
    let values = await read();
    const missing = adIds.filter((_, index) => values[2 * index] === null || values[2 * index + 1] === null);
    if (missing.length > 0) {
      await Promise.all(missing.map((adId) => this.ensureSeeded(adId, day)));
      values = await read();
    }
    return new Map(
      adIds.map((adId, index) => [
        adId,
        { total: Number(values[2 * index] ?? 0), daily: Number(values[2 * index + 1] ?? 0) },
      ]),
    );
  }

  /**
   * Sets a missing counter from the database's sums (NX: a counter another instance set meanwhile wins).
   * The database lags the instances' unwritten buffers by about a second; that is only read when the
   * counter is new (an ad's first impression, a new day) or was lost, when there is nothing or little
   * unwritten.
   */
  private ensureSeeded(adId: string, day: string): Promise<void> {
    const key = `${adId}|${day}`;
    let seeding = this.seeding.get(key);
    if (!seeding) {
      seeding = (async () => {
        const usage = await this.seed(adId, day);
        await this.redis
          .multi()
          .set(this.totalKey(adId), usage.total, 'PX', TOTAL_TTL_MS, 'NX')
          .set(this.dayKey(adId, day), usage.daily, 'PX', DAY_TTL_MS, 'NX')
          .exec();
      })().finally(() => this.seeding.delete(key));
      this.seeding.set(key, seeding);
    }
    return seeding;
  }

  private prefix(adId: string) {
    return `ovation:${this.namespace}:ad:{${adId}}`;
  }

  private totalKey(adId: string) {
    return `${this.prefix(adId)}:total`;
  }

  private dayKey(adId: string, day: string) {
    return `${this.prefix(adId)}:day:${day}`;
  }

  private viewerKey(check: { adId: string; location: string; viewer: string }) {
    return `${this.prefix(check.adId)}:v:${check.location}:${check.viewer}`;
  }
}
