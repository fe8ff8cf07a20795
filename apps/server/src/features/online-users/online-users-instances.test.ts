import { randomUUID } from 'node:crypto';
import type { OnlineStats } from '@ovation/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { signIn } from '../../test/accounts';
import { sharedSetUp, useTwoInstances } from '../../test/instances';
import type { TestServer } from '../../test/server';
import { OnlineStatsSummary, SUMMARY_FRESH_MS, SUMMARY_SERVE_STALE_MS } from './stats-summary';

const redisUrl = process.env.REDIS_URL;

describe('presence across instances sharing PostgreSQL and Redis', () => {
  const servers = useTwoInstances();

  it.runIf(sharedSetUp)(
    'a fan active on one instance is listed on the other, whose Remove signs them out there',
    async () => {
      const { first, second } = servers;
      const admin = await signIn(first, 'admin');
      // Signed in and active on the second instance only (the session is cached there).
      const fan = await signIn(second, 'fan');
      expect((await second.request('POST', '/api/sessions/heartbeat', { token: fan.token })).status).toBe(
        204,
      );
      const list = await first.request('GET', '/api/online-users?role=fan', { token: admin.token });
      const row = list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === fan.user.id);
      expect(row).toMatchObject({ user: { _id: fan.user.id, role: 'fan' }, current: false });

      const removed = await first.request('DELETE', `/api/online-users/${row._id}`, { token: admin.token });
      expect(removed.status).toBe(200);
      await expect
        .poll(async () => (await second.request('GET', '/api/auth/me', { token: fan.token })).status, {
          timeout: 2000,
        })
        .toBe(401);
      expect((await second.request('POST', '/api/sessions/heartbeat', { token: fan.token })).status).toBe(
        401,
      );
    },
  );

  it.runIf(sharedSetUp)(
    'both instances answer one shared summary, refreshed by either’s Remove',
    async () => {
      const { first, second } = servers;
      const admin = await signIn(first, 'admin');
      const stats = async (server: TestServer) =>
        (await server.request('GET', '/api/online-users/stats', { token: admin.token })).body
          .data as OnlineStats;
      const computedOnFirst = await stats(first);
      // The second instance never computed it: it reads the first one's summary from Redis.
      expect(await stats(second)).toEqual(computedOnFirst);

      const fan = await signIn(second, 'fan');
      const list = await second.request('GET', '/api/online-users?role=fan&limit=100', {
        token: admin.token,
      });
      const row = list.body.data.find((entry: { user: { _id: string } }) => entry.user._id === fan.user.id);
      second.clock.advance(1000);
      expect(
        (await second.request('DELETE', `/api/online-users/${row._id}`, { token: admin.token })).status,
      ).toBe(200);
      // The second instance marked the summary out of date for both and refreshed it behind its answer;
      // the first answers that one.
      await expect.poll(async () => (await stats(first)).computedAt).toBe(second.clock.now().toISOString());
      const refreshed = await stats(first);
      const total = (await first.request('GET', '/api/online-users?limit=100', { token: admin.token })).body
        .pagination.total;
      expect(refreshed.currentOnline).toBe(total);
    },
  );
});

describe('the stats summary shared through Redis', () => {
  let clients: Redis[] = [];
  beforeAll(() => {
    if (redisUrl) clients = [new Redis(redisUrl), new Redis(redisUrl)];
  });
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });

  it.runIf(redisUrl)('computes once for the deployment, and stale callers never wait for it', async () => {
    const namespace = `summary-test-${randomUUID()}`;
    const clock = new ManualClock();
    let computations = 0;
    /** While true, each computation waits for its own release (in `held`, oldest first). */
    let holding = false;
    const held: Array<() => void> = [];
    const compute = async (): Promise<OnlineStats> => {
      computations += 1;
      const number = computations;
      const computedAt = clock.now().toISOString();
      if (holding) await new Promise<void>((resolve) => held.push(resolve));
      return {
        currentOnline: number,
        onlineSessions: number,
        recentActivity: 0,
        uniqueUsers: 0,
        locations: [],
        roles: [],
        devices: [],
        computedAt,
      };
    };
    const instances = clients.map(
      (redis) =>
        new OnlineStatsSummary({
          compute,
          clock,
          redis,
          namespace,
          onError: (error) => {
            throw error;
          },
        }),
    );
    const [a, b] = instances as [OnlineStatsSummary, OnlineStatsSummary];
    const first = await a.current();
    expect(first.currentOnline).toBe(1);
    expect(await b.current()).toEqual(first);
    expect(computations).toBe(1);

    // A minute later both instances are asked at once, while the refresh is held up: both answer the
    // stale summary at once, and only one of them computes.
    clock.advance(SUMMARY_FRESH_MS + 1);
    holding = true;
    const answers = await Promise.all([a.current(), b.current(), a.current(), b.current()]);
    for (const answer of answers) expect(answer).toEqual(first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(computations).toBe(2);
    held.shift()!();
    await expect.poll(async () => (await b.current()).currentOnline).toBe(2);
    expect((await a.current()).currentOnline).toBe(2);
    expect(computations).toBe(2);

    // A removal on b while a's refresh is under way: b does not wait (a holds the lock), and the summary
    // that refresh writes predates the removal, so the next caller starts another one.
    clock.advance(SUMMARY_FRESH_MS + 1);
    await a.current();
    await expect.poll(() => held.length).toBe(1);
    clock.advance(1000);
    await b.invalidate();
    expect(computations).toBe(3);
    holding = false;
    held.shift()!();
    await expect.poll(async () => (await b.current()).currentOnline).toBe(4);
    expect(computations).toBe(4);
    const newest = await a.current();
    expect(newest).toMatchObject({ currentOnline: 4, computedAt: clock.now().toISOString() });

    // Over ten minutes old: nobody is served that, and still only one instance reads the table while
    // the other waits for its summary.
    clock.advance(SUMMARY_SERVE_STALE_MS + 1);
    holding = true;
    const asked = Promise.all([a.current(), b.current(), a.current()]);
    await expect.poll(() => held.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(computations).toBe(5);
    held.shift()!();
    for (const answer of await asked) expect(answer.currentOnline).toBe(5);
    await Promise.all(instances.map((instance) => instance.close()));
  });
});

describe('the stats summary in one process', () => {
  it('is marked out of date without waiting for the table, and answers the old one meanwhile', async () => {
    const clock = new ManualClock();
    let computations = 0;
    let holding = false;
    const held: Array<() => void> = [];
    const summary = new OnlineStatsSummary({
      compute: async () => {
        computations += 1;
        const currentOnline = computations;
        const computedAt = clock.now().toISOString();
        if (holding) await new Promise<void>((resolve) => held.push(resolve));
        return {
          currentOnline,
          onlineSessions: currentOnline,
          recentActivity: 0,
          uniqueUsers: 0,
          locations: [],
          roles: [],
          devices: [],
          computedAt,
        };
      },
      clock,
      namespace: `summary-test-${randomUUID()}`,
      onError: (error) => {
        throw error;
      },
    });
    expect((await summary.current()).currentOnline).toBe(1);

    // A removal: answered while the refresh it started is still reading the table.
    holding = true;
    await summary.invalidate();
    await expect.poll(() => held.length).toBe(1);
    expect((await summary.current()).currentOnline).toBe(1);
    // A second one meanwhile: that refresh read the table before it, so one more follows.
    await summary.invalidate();
    holding = false;
    held.shift()!();
    await expect.poll(async () => (await summary.current()).currentOnline).toBe(3);
    expect(computations).toBe(3);
    await summary.close();
  });
});
