import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { Limiter } from './rate-limit';

describe('Limiter', () => {
  // A Redis that cannot be reached: nothing listens on port 1, and commands fail at once.
  const unreachable = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  afterAll(() => unreachable.disconnect());

  it('keeps counting in process memory while Redis is out of reach, instead of failing the request', async () => {
    const limiter = new Limiter({ name: 'test-insurance', points: 2, windowSeconds: 60 }, unreachable);
    expect((await limiter.hit('fan')).allowed).toBe(true);
    expect((await limiter.hit('fan')).allowed).toBe(true);
    const third = await limiter.hit('fan');
    expect(third.allowed).toBe(false);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
  });
});
