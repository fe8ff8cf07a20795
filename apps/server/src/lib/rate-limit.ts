import type { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';

export interface LimiterOptions {
  /** Name of the counter family, e.g. 'login-account'. */
  name: string;
  /** How many events the window allows. */
  points: number;
  /** The window, in seconds. */
  windowSeconds: number;
}

/**
 * A fixed-window counter kept in Redis when REDIS_URL is set (shared by every server instance) or in
 * process memory otherwise, and in process memory too while Redis cannot be reached.
 */
export class Limiter {
  private readonly limiter: RateLimiterAbstract;
  constructor(
    readonly options: LimiterOptions,
    redis: Redis | undefined,
  ) {
    const settings = {
      keyPrefix: `ovation:${options.name}`,
      points: options.points,
      duration: options.windowSeconds,
    };
    this.limiter = redis
      ? new RateLimiterRedis({
          ...settings,
          storeClient: redis,
          // Redis out of reach must not fail every vote and sign-in: each process counts on its own
          // meanwhile (limits per instance instead of shared), and Redis takes over again when back.
          insuranceLimiter: new RateLimiterMemory(settings),
        })
      : new RateLimiterMemory(settings);
  }

  /**
   * Counts one event; answers whether it is still within the limit, how many more events the window
   * allows after this one, and when the window resets.
   */
  async hit(key: string): Promise<{ allowed: boolean; remaining: number; retryAfterSeconds: number }> {
    try {
      const result = await this.limiter.consume(key);
      return {
        allowed: true,
        remaining: result.remainingPoints,
        retryAfterSeconds: Math.ceil(result.msBeforeNext / 1000),
      };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return { allowed: false, remaining: 0, retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) };
      }
      throw rejection;
    }
  }

  /** Whether the key has used up its window, without counting an event. */
  async isExhausted(key: string): Promise<{ exhausted: boolean; retryAfterSeconds: number }> {
    const state = await this.limiter.get(key);
    if (!state) return { exhausted: false, retryAfterSeconds: 0 };
    return {
      exhausted: state.consumedPoints >= this.options.points,
      retryAfterSeconds: Math.ceil(state.msBeforeNext / 1000),
    };
  }

  async reset(key: string) {
    await this.limiter.delete(key);
  }
}
