import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteArchive, votes } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, setPlatformTimezone } from '../../test/factories';
import { jobsOf } from '../../test/jobs';
import { startTestServer, type TestServer } from '../../test/server';
import { expectHonestCounts, plantVotes } from '../../test/vote-reviews';
import { findJob, runJob } from '../jobs/service';

/*
 * "Voting records kept 3 years": the retention job deletes older votes into the vote archive's counts, and
 * nothing anybody reads (the public totals, the analytics with their set-aside votes, the integrity report,
 * the reviews' figures, the dashboard) moves by a single vote.
 */

const YEAR = 365 * 86_400_000;

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string };
let essence: { id: string; categoryId: string };
let jeje: { id: string; categoryId: string };

const jobs = () => jobsOf(server);

beforeAll(async () => {
  server = await startTestServer();
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await setPlatformTimezone(server.db, 'UTC');
  category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  essence = {
    ...(await createSong(server.db, { categoryId: category.id, title: 'Essence' })),
    categoryId: category.id,
  };
  jeje = {
    ...(await createSong(server.db, { categoryId: category.id, title: 'Love Me JeJe' })),
    categoryId: category.id,
  };
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

async function adminPost(url: string, body: unknown) {
  const response = await server.request('POST', url, { token: admin.token, body });
  expect(response.status).toBeLessThan(300);
  return response.body.data;
}

/** Every figure built from vote counts, as the public and the admins read them. */
async function everyTotal() {
  const get = async (url: string, token?: string) => {
    const response = await server.request('GET', url, { token });
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const [stats, categories, analytics, report, reviews, dashboard] = await Promise.all([
    get('/api/stats'),
    get('/api/categories'),
    get('/api/admin/analytics', admin.token),
    get('/api/admin/integrity/report', admin.token),
    get('/api/admin/integrity/reviews?status=all', admin.token),
    get('/api/admin/dashboard', admin.token),
  ]);
  const voteReport = await fetch(`${server.baseUrl}/api/admin/analytics/report`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(voteReport.status).toBe(200);
  return {
    stats,
    categories,
    analytics,
    report,
    reviews,
    dashboardVotes: dashboard.stats,
    voteReport: await voteReport.text(),
  };
}

describe('retention: votes older than three years', () => {
  it('are deleted into the archive, quarantined ones wait, and every total stays exact', async () => {
    const essenceVotes = await plantVotes(server, essence, 6);
    const jejeVotes = await plantVotes(server, jeje, 4);
    const invalid = await adminPost('/api/admin/integrity/quarantine', {
      reason: 'Same network, same minute',
      voteIds: essenceVotes.slice(0, 2),
    });
    await adminPost(`/api/admin/integrity/reviews/${invalid.review.id}/invalidate`, {});
    await adminPost('/api/admin/integrity/quarantine', {
      reason: 'Burst of new accounts',
      voteIds: [jejeVotes[0]],
    });
    const old = [...essenceVotes, ...jejeVotes];
    const castAt = new Date(server.clock.now().getTime() - 4 * YEAR);
    await server.db.update(votes).set({ createdAt: castAt }).where(inArray(votes.id, old));
    const recent = await plantVotes(server, essence, 2);
    await expectHonestCounts(server);
    const before = await everyTotal();
    expect(before.analytics.totals).toMatchObject({ totalVotes: 9, invalidVotes: 2, quarantinedVotes: 1 });
    expect(before.dashboardVotes).toMatchObject({ totalVotes: 9, todayVotes: 2 });
    expect(before.voteReport).toContain('Essence');

    const retention = findJob(jobs(), 'retention');
    const run = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    // 10 old votes: the one still quarantined waits for its review's decision.
    expect(run).toMatchObject({ status: 'succeeded', rows: { votes_archived: 9 } });

    const left = await server.db
      .select({ id: votes.id })
      .from(votes)
      .where(inArray(votes.id, [...old, ...recent]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [jejeVotes[0]!, ...recent].sort((a, b) => a - b),
    );
    const archive = await server.db
      .select({ songId: voteArchive.songId, status: voteArchive.status, votes: voteArchive.votes })
      .from(voteArchive)
      .orderBy(voteArchive.status);
    expect(archive).toEqual(
      expect.arrayContaining([
        { songId: essence.id, status: 'valid', votes: 4 },
        { songId: essence.id, status: 'invalid', votes: 2 },
        { songId: jeje.id, status: 'valid', votes: 3 },
      ]),
    );
    expect(await everyTotal()).toEqual(before);
    await expectHonestCounts(server);

    // Run again: nothing left to archive, nothing counted twice.
    const again = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(again).toMatchObject({ status: 'succeeded', rows: { votes_archived: 0 } });
    expect(await everyTotal()).toEqual(before);
  });

  it('a deleted song takes its archived counts with it', async () => {
    const gone = await createSong(server.db, { categoryId: category.id, title: 'Short-lived' });
    const ids = await plantVotes(server, { id: gone.id, categoryId: category.id }, 3);
    await server.db
      .update(votes)
      .set({ createdAt: new Date(server.clock.now().getTime() - 4 * YEAR) })
      .where(inArray(votes.id, ids));
    await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
    const archived = async () =>
      (await server.db.select().from(voteArchive).where(eq(voteArchive.songId, gone.id))).length;
    expect(await archived()).toBe(1);

    const response = await server.request('DELETE', `/api/songs/${gone.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(await archived()).toBe(0);
    await expectHonestCounts(server);
  });
});
