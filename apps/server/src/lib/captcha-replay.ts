import type { Redis } from 'ioredis';

/**
 * Remembers which solved CAPTCHA challenges have been spent, so one solution buys one action.
 * `claim` is atomic: of two requests racing with the same solution, exactly one gets `true`.
 */
export interface SpentChallengeStore {
  /** Marks the challenge as spent for `ttlSeconds`; false when it already was. */
  claim(challengeId: string, ttlSeconds: number): Promise<boolean>;
}

/** Redis keys of spent challenges: `ovation:captcha-spent:<challenge signature>`. */
export const SPENT_CHALLENGE_KEY_PREFIX = 'ovation:captcha-spent:';

/**
 * 50,000 spent challenges (about 10 MB) per process: far above what one instance verifies within a
 * challenge's 10-minute life. When it is full of live entries the oldest goes first, so a replay could
 * only slip through after an attacker had honestly solved 50,000 challenges in those 10 minutes.
 */
export const MAX_REMEMBERED_CHALLENGES = 50_000;

/** Shared by every server instance: `SET key 1 NX EX ttl` is one atomic step in Redis. */
export function createRedisSpentChallengeStore(
  redis: Redis,
  keyPrefix = SPENT_CHALLENGE_KEY_PREFIX,
): SpentChallengeStore {
  return {
    async claim(challengeId, ttlSeconds) {
      const answer = await redis.set(`${keyPrefix}${challengeId}`, '1', 'EX', ttlSeconds, 'NX');
      return answer === 'OK';
    },
  };
}

/** One process only (no REDIS_URL): a bounded map of challenge id to the time it may be forgotten. */
export function createMemorySpentChallengeStore(
  options: { maxEntries?: number; now?: () => number } = {},
): SpentChallengeStore {
  const maxEntries = options.maxEntries ?? MAX_REMEMBERED_CHALLENGES;
  const now = options.now ?? Date.now;
  const forgetAt = new Map<string, number>();

  function forgetExpired(time: number) {
    for (const [id, expiry] of forgetAt) {
      if (expiry <= time) forgetAt.delete(id);
    }
  }

  return {
    async claim(challengeId, ttlSeconds) {
      const time = now();
      const known = forgetAt.get(challengeId);
      if (known !== undefined && known > time) return false;
      forgetAt.delete(challengeId);
      if (forgetAt.size >= maxEntries) {
        forgetExpired(time);
        // Still full of live entries: drop the oldest (the Map keeps insertion order).
        while (forgetAt.size >= maxEntries) {
          const oldest = forgetAt.keys().next().value;
          if (oldest === undefined) break;
          forgetAt.delete(oldest);
        }
      }
      forgetAt.set(challengeId, time + ttlSeconds * 1000);
      return true;
    },
  };
}
