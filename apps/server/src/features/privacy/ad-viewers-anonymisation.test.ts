import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adViewerHours } from '../../db/schema';
import { rowsOf } from '../../lib/db';
import { jobsOf } from '../../test/jobs';
import { startTestServer, type TestServer } from '../../test/server';
import { findJob, runJob } from '../jobs/service';

/*
 * "Analytics kept 2 years, then anonymised", for the ads' unique viewers: each whole UTC month over two
 * years old gets new viewer keys under a salt nobody keeps, so no key links to an account or a browser any
 * more, while the month's unique viewers stay what they were.
 */

let server: TestServer;

const jobs = () => jobsOf(server);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The first instant of the UTC month `monthsBack` months before the clock's. */
function monthStart(monthsBack: number, hours = 0) {
  const now = server.clock.now();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1, hours));
}

async function viewersIn(from: Date, to: Date) {
  const [row] = rowsOf<{ viewers: number; keys: string[] }>(
    await server.db.execute(sql`
      select count(distinct viewer)::int as viewers, array_agg(distinct viewer::text) as keys
      from ${adViewerHours} where hour >= ${from.toISOString()}::timestamptz and hour < ${to.toISOString()}::timestamptz`),
  );
  return { viewers: Number(row!.viewers), keys: row!.keys ?? [] };
}

describe('retention: ad viewers over two years old', () => {
  it('get new keys month by month; each month keeps its unique viewers; recent months are untouched', async () => {
    const alice = 1234567890123n;
    const bola = -987654321987n;
    const oldMonth = monthStart(30);
    const nextOldMonth = monthStart(29);
    const recent = monthStart(1);
    await server.db.insert(adViewerHours).values([
      { hour: monthStart(30, 10), viewer: alice },
      { hour: monthStart(30, 10), viewer: bola },
      { hour: monthStart(30, 40), viewer: alice },
      { hour: monthStart(29, 5), viewer: alice },
      { hour: monthStart(1, 5), viewer: alice },
    ]);

    const retention = findJob(jobs(), 'retention');
    const run = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(run).toMatchObject({ status: 'succeeded', rows: { ad_viewers_anonymised: 4 } });

    const first = await viewersIn(oldMonth, nextOldMonth);
    expect(first.viewers).toBe(2);
    expect(first.keys).not.toContain(String(alice));
    expect(first.keys).not.toContain(String(bola));
    const second = await viewersIn(nextOldMonth, monthStart(28));
    expect(second.viewers).toBe(1);
    // A viewer is no longer the same key from one anonymised month to the next, nor as today.
    expect(second.keys.some((key) => first.keys.includes(key))).toBe(false);
    expect((await viewersIn(recent, monthStart(0))).keys).toEqual([String(alice)]);

    const again = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(again).toMatchObject({ status: 'succeeded', rows: { ad_viewers_anonymised: 0 } });
    expect((await viewersIn(oldMonth, nextOldMonth)).keys).toEqual(first.keys);
  });
});
