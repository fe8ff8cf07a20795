import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/server';

describe('revocation across instances sharing Redis', () => {
  const redisUrl = process.env.REDIS_URL;
  let first: TestServer;
  let second: TestServer;
  let redis: Redis[] = [];

  beforeAll(async () => {
    if (!redisUrl || !process.env.DATABASE_URL) return;
    redis = [new Redis(redisUrl), new Redis(redisUrl)];
    first = await startTestServer({ redis: redis[0] });
    second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    for (const client of redis) client.disconnect();
  });

  it.runIf(redisUrl && process.env.DATABASE_URL)(
    'a logout on one instance ends the session on the other at once',
    async () => {
      const { token } = await signIn(first);
      expect((await second.request('GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await first.request('POST', '/api/auth/logout', { token })).status).toBe(200);
      await expect
        .poll(async () => (await second.request('GET', '/api/auth/me', { token })).status, { timeout: 2000 })
        .toBe(401);
    },
  );
});
