import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './server';

/** Whether this run has what two instances share in production: PostgreSQL and Redis. */
export const sharedSetUp = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);

/**
 * Two instances of the app on one PostgreSQL database and one Redis (each with its own client), started
 * before the describe block's tests and closed after them; only when `sharedSetUp` (run the tests with
 * `it.runIf(sharedSetUp)`). Read `first` and `second` inside the tests: they are set once started.
 */
export function useTwoInstances(): { readonly first: TestServer; readonly second: TestServer } {
  const instances = {} as { first: TestServer; second: TestServer };
  let redis: Redis[] = [];
  beforeAll(async () => {
    if (!sharedSetUp) return;
    redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    instances.first = await startTestServer({ redis: redis[0] });
    instances.second = await startTestServer({ redis: redis[1], sameDatabaseAs: instances.first });
  });
  afterAll(async () => {
    await instances.second?.close();
    await instances.first?.close();
    for (const client of redis) client.disconnect();
  });
  return instances;
}
