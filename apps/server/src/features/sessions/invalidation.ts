import type { Redis } from 'ioredis';
import type { Database } from '../../lib/db';
import { sessionCacheFor } from './service';
import type { Eviction } from './session-cache';

/**
 * With Redis, every instance hears of every revocation: a logout on one server evicts the cached
 * session on all of them at once. Answers a function that stops listening.
 */
export async function shareSessionEvictions(db: Database, redis: Redis, namespace: string) {
  const channel = `ovation:${namespace}:session-evictions`;
  const subscriber = redis.duplicate();
  const cache = sessionCacheFor(db);
  cache.onEvict = (eviction) => {
    void redis.publish(channel, JSON.stringify(eviction)).catch(() => undefined);
  };
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const eviction = JSON.parse(message) as Eviction;
      if ((eviction.kind === 'session' || eviction.kind === 'user') && typeof eviction.id === 'string') {
        cache.evict(eviction, false);
      }
    } catch {
      // A malformed message evicts nothing.
    }
  });
  await subscriber.subscribe(channel);
  return async () => {
    cache.onEvict = undefined;
    subscriber.disconnect();
  };
}
