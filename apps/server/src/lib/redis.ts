import { Redis } from 'ioredis';

/** One Redis connection per process when REDIS_URL is set; shared by rate limits and caches. */
export function connectRedis(url: string | undefined): Redis | undefined {
  if (!url) return undefined;
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}
