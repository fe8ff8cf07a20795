import type { Redis } from 'ioredis';
import type { Database } from '../../lib/db';
import { onSettingsChanged, settingsChanged } from '../../lib/memo';

/**
 * With Redis, every instance hears of every settings change: an admin's change on one server drops
 * the memoised settings on all of them at once, so the next vote anywhere runs under the new rules.
 * Answers a function that stops listening.
 */
export async function shareSettingsChanges(db: Database, redis: Redis, namespace: string) {
  const channel = `ovation:${namespace}:settings-changed`;
  const subscriber = redis.duplicate();
  onSettingsChanged(db, () => {
    void redis.publish(channel, '1').catch(() => undefined);
  });
  subscriber.on('message', () => settingsChanged(db, false));
  await subscriber.subscribe(channel);
  return async () => {
    onSettingsChanged(db, undefined);
    subscriber.disconnect();
  };
}
