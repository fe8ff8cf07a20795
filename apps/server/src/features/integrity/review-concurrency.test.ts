import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voteReviews, votes } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { countsPerSong, expectHonestCounts, plantVotes } from '../../test/vote-reviews';

type Account = Awaited<ReturnType<typeof signIn>>;

let server: TestServer;
let first: Account;
let second: Account;
let song: { id: string; categoryId: string };
let other: { id: string; categoryId: string };

beforeAll(async () => {
  server = await startTestServer();
  [first, second] = [await signIn(server, 'admin'), await signIn(server, 'admin')];
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await setPlatformTimezone(server.db, 'UTC');
  const category = await createCategory(server.db, { name: 'Best Amapiano Song' });
  song = await createSong(server.db, { categoryId: category.id, title: 'Water' });
  other = await createSong(server.db, { categoryId: category.id, title: 'Mnike' });
});
afterAll(() => server.close());

const quarantine = (by: Account, body: unknown) =>
  server.request('POST', '/api/admin/integrity/quarantine', { token: by.token, body });
const vote = (fan: Account, songId: string) =>
  server.request('POST', '/api/votes', { token: fan.token, body: { songId } });

async function statusCounts(songId: string) {
  const rows = await server.db
    .select({ status: votes.status, count: sql<number>`count(*)::int` })
    .from(votes)
    .where(eq(votes.songId, songId))
    .groupBy(votes.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

describe('two admins acting on the same votes at once', () => {
  it('quarantines a selection once: one admin wins, the other gets 409, the count drops once', async () => {
    const ids = await plantVotes(server, song, 40, '41.203.77.0/24');
    const before = (await countsPerSong(server)).find((row) => row.id === song.id)!.valid;
    const responses = await Promise.all([
      quarantine(first, { reason: 'Seen by the first admin', voteIds: ids }),
      quarantine(second, { reason: 'Seen by the second admin', voteIds: ids }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const loser = responses.find((response) => response.status === 409)!;
    expect(loser.body.code).toBe('VOTES_ALREADY_IN_STATE');
    const winner = responses.find((response) => response.status === 201)!;
    expect(winner.body.data.totalsAfter).toEqual({ [song.id]: before - 40 });

    const reviews = await server.db.select().from(voteReviews);
    expect(reviews).toHaveLength(1);
    const rows = await server.db.select().from(votes).where(eq(votes.reviewId, reviews[0]!.id));
    expect(rows).toHaveLength(40);
    await expectHonestCounts(server);
  });

  it('quarantines a cluster by filter once, however the two calls interleave', async () => {
    await plantVotes(server, song, 25, '102.89.4.0/24');
    const filter = { ipPrefix: '102.89.4.0/24' };
    const responses = await Promise.all([
      quarantine(first, { reason: 'Cluster, first admin', filter }),
      quarantine(second, { reason: 'Cluster, second admin', filter }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const winner = responses.find((response) => response.status === 201)!;
    expect(winner.body.data.changed).toBe(25);
    await expectHonestCounts(server);
  });

  it('lets only one of two admins decide a review (invalidate and restore at once)', async () => {
    const ids = await plantVotes(server, other, 12, '102.89.5.0/24');
    const reviewId = (await quarantine(first, { reason: 'Decide me', voteIds: ids })).body.data.review.id;
    const responses = await Promise.all([
      server.request('POST', `/api/admin/integrity/reviews/${reviewId}/invalidate`, {
        token: second.token,
        body: {},
      }),
      server.request('POST', `/api/admin/integrity/reviews/${reviewId}/restore`, {
        token: first.token,
        body: {},
      }),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const states = await server.db
      .select({ status: votes.status })
      .from(votes)
      .where(eq(votes.reviewId, reviewId));
    // Every vote went one way: all invalid, or all valid again.
    expect(new Set(states.map((row) => row.status)).size).toBe(1);
    await expectHonestCounts(server);
  });
});

describe('a burst of votes and a mass quarantine', () => {
  it('keeps every count equal to the valid votes after a burst, a quarantine during more votes, and a mass invalidation', async () => {
    const early = await Promise.all(Array.from({ length: 30 }, () => signIn(server)));
    const late = await Promise.all(Array.from({ length: 30 }, () => signIn(server)));
    const burst = await Promise.all(early.map((fan, index) => vote(fan, index % 3 ? song.id : other.id)));
    expect(burst.every((response) => response.status === 201)).toBe(true);
    await expectHonestCounts(server);

    // Every vote from the burst's network is quarantined while the next burst is still being cast.
    const filter = { ipPrefix: '127.0.0.0/24' };
    const [quarantined, ...votedMeanwhile] = await Promise.all([
      quarantine(first, { reason: 'Everything from one network in seconds', filter }),
      ...late.map((fan, index) => vote(fan, index % 2 ? song.id : other.id)),
    ]);
    expect(quarantined!.status).toBe(201);
    expect(votedMeanwhile.every((response) => response.status === 201)).toBe(true);
    expect(quarantined!.body.data.changed).toBeGreaterThanOrEqual(30);
    await expectHonestCounts(server);

    const reviewId = quarantined!.body.data.review.id;
    const invalidated = await server.request('POST', `/api/admin/integrity/reviews/${reviewId}/invalidate`, {
      token: second.token,
      body: { note: 'Confirmed' },
    });
    expect(invalidated.status).toBe(200);
    expect(invalidated.body.data.changed).toBe(quarantined!.body.data.changed);
    await expectHonestCounts(server);

    // The rest of the network's votes (those cast after the quarantine's snapshot) go the same way.
    const rest = await quarantine(first, { reason: 'The rest of the network', filter });
    if (rest.status === 201) {
      const again = await server.request(
        'POST',
        `/api/admin/integrity/reviews/${rest.body.data.review.id}/invalidate`,
        { token: second.token, body: {} },
      );
      expect(again.status).toBe(200);
    } else {
      expect(rest.body.code).toBe('VOTES_ALREADY_IN_STATE');
    }
    const counts = { song: await statusCounts(song.id), other: await statusCounts(other.id) };
    const networkVotes = await server.db
      .select({ status: votes.status })
      .from(votes)
      .where(eq(votes.ipPrefix, '127.0.0.0/24'));
    expect(networkVotes).toHaveLength(60);
    expect(networkVotes.every((row) => row.status === 'invalid')).toBe(true);
    expect((counts.song.invalid ?? 0) + (counts.other.invalid ?? 0)).toBeGreaterThanOrEqual(60);
    await expectHonestCounts(server);
  });
});
