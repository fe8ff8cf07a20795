import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, voteReviews, votes } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import {
  countsPerSong as countsPerSongOf,
  expectHonestCounts as expectHonestCountsOf,
  plantVotes as plantVotesFor,
  validTotalOf as validTotalFor,
} from '../../test/vote-reviews';

type Account = Awaited<ReturnType<typeof signIn>>;
type Song = { id: string; categoryId: string; title: string; artist: string };

let server: TestServer;
let admin: Account;
let afro: { id: string; name: string };
let gospel: { id: string; name: string };
let essence: Song;
let jeje: Song;
let hymn: Song;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await setPlatformTimezone(server.db, 'UTC');
  afro = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  gospel = await createCategory(server.db, { name: '=Gospel Song' });
  essence = await createSong(server.db, { categoryId: afro.id, title: 'Essence', artist: 'Wizkid' });
  jeje = await createSong(server.db, { categoryId: afro.id, title: 'Love Me JeJe', artist: 'Tems' });
  hymn = await createSong(server.db, { categoryId: gospel.id, title: 'Hymn', artist: 'Choir' });
});
afterAll(() => server.close());

const post = (account: Account, url: string, body?: unknown) =>
  server.request('POST', url, { token: account.token, body });
const quarantine = (body: unknown, by: Account = admin) => post(by, '/api/admin/integrity/quarantine', body);
const invalidate = (reviewId: number | string, by: Account = admin, body: unknown = {}) =>
  post(by, `/api/admin/integrity/reviews/${reviewId}/invalidate`, body);
const restore = (reviewId: number | string, body: unknown = {}, by: Account = admin) =>
  post(by, `/api/admin/integrity/reviews/${reviewId}/restore`, body);

const plantVotes = (song: Song, count: number, ipPrefix?: string) =>
  plantVotesFor(server, song, count, ipPrefix);
const countsPerSong = () => countsPerSongOf(server);
const expectHonestCounts = () => expectHonestCountsOf(server);
const validTotalOf = (song: Song) => validTotalFor(server, song);

async function statesOf(ids: number[]) {
  return server.db.select().from(votes).where(inArray(votes.id, ids)).orderBy(votes.id);
}

async function reviewCount() {
  return (await server.db.select({ id: voteReviews.id }).from(voteReviews)).length;
}

async function auditOf(action: string, reviewId: number) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(reviewId))));
}

describe('POST /api/admin/integrity/quarantine', () => {
  it('sets a selection aside at once: the tallies drop by as many, in the answer and in every count', async () => {
    const essenceVotes = await plantVotes(essence, 5);
    const jejeVotes = await plantVotes(jeje, 3);
    const before = { essence: await validTotalOf(essence), jeje: await validTotalOf(jeje) };
    const selected = [...essenceVotes.slice(0, 3), jejeVotes[0]!];

    const response = await quarantine({ reason: 'Same network, same minute', voteIds: selected });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Votes quarantined: they no longer count');
    const { review, changed, totalsBefore, totalsAfter } = response.body.data;
    expect(changed).toBe(4);
    expect(totalsBefore).toEqual({ [essence.id]: before.essence, [jeje.id]: before.jeje });
    expect(totalsAfter).toEqual({ [essence.id]: before.essence - 3, [jeje.id]: before.jeje - 1 });
    expect(review).toMatchObject({
      reason: 'Same network, same minute',
      status: 'open',
      voteCount: 4,
      quarantinedVotes: 4,
      invalidVotes: 0,
      restoredVotes: 0,
      categories: [{ _id: afro.id, name: afro.name }],
      label: null,
      createdBy: { _id: admin.user.id, name: admin.user.name },
      decidedBy: null,
      decidedAt: null,
      canInvalidate: true,
    });

    const rows = await statesOf(selected);
    expect(rows.map((row) => [row.status, row.reviewId, row.statusChangedBy])).toEqual(
      selected.map(() => ['quarantined', review.id, admin.user.id]),
    );
    expect((await statesOf(essenceVotes.slice(3))).every((row) => row.status === 'valid')).toBe(true);
    expect(await validTotalOf(essence)).toBe(before.essence - 3);
    await expectHonestCounts();

    const [entry] = await auditOf('votes.quarantine', review.id);
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'voteReview' });
    expect(entry!.details).toMatchObject({
      reviewId: review.id,
      changed: 4,
      voteIds: [...selected].sort((a, b) => a - b),
      label: 'Same network, same minute',
      songIds: { 'Essence — Wizkid': essence.id, 'Love Me JeJe — Tems': jeje.id },
      before: { 'Essence — Wizkid': before.essence, 'Love Me JeJe — Tems': before.jeje },
      after: { 'Essence — Wizkid': before.essence - 3, 'Love Me JeJe — Tems': before.jeje - 1 },
    });
  });

  it('takes every valid vote a filter matches, and only those, under the cluster’s label', async () => {
    const cluster = await plantVotes(essence, 6, '41.203.78.0/24');
    const elsewhere = await plantVotes(essence, 4, '102.89.1.0/24');
    const otherSong = await plantVotes(jeje, 2, '41.203.78.0/24');
    const response = await quarantine({
      reason: 'Six accounts from one /24 in a minute',
      filter: { songId: essence.id, ipPrefix: '41.203.78.0/24' },
      label: '41.203.78.0/24',
    });
    expect(response.status).toBe(201);
    expect(response.body.data.changed).toBe(6);
    expect(response.body.data.review).toMatchObject({ label: '41.203.78.0/24', voteCount: 6 });
    expect((await statesOf(cluster)).every((row) => row.status === 'quarantined')).toBe(true);
    expect((await statesOf([...elsewhere, ...otherSong])).every((row) => row.status === 'valid')).toBe(true);
    const [stored] = await server.db
      .select()
      .from(voteReviews)
      .where(eq(voteReviews.id, response.body.data.review.id));
    expect(stored!.source).toEqual({
      kind: 'filter',
      filter: { songId: essence.id, ipPrefix: '41.203.78.0/24' },
      label: '41.203.78.0/24',
    });
    await expectHonestCounts();
  });

  it('names a filtered review by the filter’s own values when the screen gives no label', async () => {
    await plantVotes(jeje, 2, '41.203.79.0/24');
    const response = await quarantine({ reason: 'Burst', filter: { ipPrefix: '41.203.79.0/24' } });
    expect(response.status).toBe(201);
    expect(response.body.data.review.label).toBe('41.203.79.0/24');
  });

  it('names a review of the votes’ own time span by its field names, never as an ISO interval', async () => {
    // A bare '<from>/<to>' is a registration burst's label: the screen reads it as 'accounts created between'.
    const interval = /^\d{4}-\d\d-\d\dT[^/]+\/\d{4}-\d\d-\d\dT[^/]+$/;
    const timed = await createSong(server.db, { categoryId: gospel.id, title: 'Timed', artist: 'Clock' });
    const song = { ...timed, categoryId: gospel.id };
    const from = new Date(Date.now() - 60 * 60_000).toISOString();
    const to = new Date(Date.now() + 60 * 60_000).toISOString();

    await plantVotes(song, 2, '41.203.92.0/24');
    const both = await quarantine({ reason: 'Votes of the hour', filter: { songId: timed.id, from, to } });
    expect(both.status).toBe(201);
    expect(both.body.data.review.label).toBe(`from=${from} to=${to}`);
    expect(both.body.data.review.label).not.toMatch(interval);

    await plantVotes(song, 1, '41.203.92.0/24');
    const since = await quarantine({ reason: 'Votes since', filter: { songId: timed.id, from } });
    expect(since.body.data.review.label).toBe(`from=${from}`);

    // The accounts' creation span keeps the interval the screen words as 'accounts created between'.
    await plantVotes(song, 1, '41.203.92.0/24');
    const accounts = await quarantine({
      reason: 'Accounts of the hour',
      filter: { songId: timed.id, accountsCreatedFrom: from, accountsCreatedTo: to, from },
    });
    expect(accounts.status).toBe(201);
    expect(accounts.body.data.review.label).toBe(`${from}/${to} · from=${from}`);
    await expectHonestCounts();
  });

  it('answers 404 for a category, song or review of the filter that does not exist, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const reviews = await reviewCount();
    const before = await countsPerSong();
    for (const [filter, code] of [
      [{ categoryId: unknown }, 'CATEGORY_NOT_FOUND'],
      [{ categoryId: unknown, songId: essence.id }, 'CATEGORY_NOT_FOUND'],
      [{ songId: unknown, ipPrefix: '41.203.77.0/24' }, 'SONG_NOT_FOUND'],
      [{ categoryId: afro.id, songId: unknown }, 'SONG_NOT_FOUND'],
      [{ reviewId: 987_654_321 }, 'REVIEW_NOT_FOUND'],
    ] as const) {
      const response = await quarantine({ reason: 'A good reason', filter });
      expect(response.status, JSON.stringify(filter)).toBe(404);
      expect(response.body.code, JSON.stringify(filter)).toBe(code);
    }
    expect(await reviewCount()).toBe(reviews);
    expect(await countsPerSong()).toEqual(before);

    // Ids that exist but select no valid vote: a conflict, as before.
    const emptyCategory = await createCategory(server.db, { name: 'Nobody voted here' });
    const known = await quarantine({ reason: 'A good reason', filter: { categoryId: emptyCategory.id } });
    expect(known.status).toBe(409);
    expect(known.body.code).toBe('VOTES_ALREADY_IN_STATE');
  });

  it.each([
    ['both votes and a filter', { voteIds: [1], filter: { songId: '00000000-0000-4000-8000-000000000000' } }],
    ['neither votes nor a filter', {}],
    ['an empty filter (every vote of the platform)', { filter: {} }],
    ['an empty selection', { voteIds: [] }],
    ['more than 10,000 ids', { voteIds: Array.from({ length: 10_001 }, (_, index) => index + 1) }],
    ['a filter field that does not exist', { filter: { songTitle: 'Essence' } }],
  ])('refuses %s with 400, changing nothing', async (_, body) => {
    const reviews = await reviewCount();
    const response = await quarantine({ reason: 'A good reason', ...body });
    expect(response.status).toBe(400);
    expect(await reviewCount()).toBe(reviews);
  });

  it('asks for a reason of 3 to 500 characters', async () => {
    const [id] = await plantVotes(hymn, 1);
    for (const reason of [undefined, '  ', 'ab', 'x'.repeat(501)]) {
      const response = await quarantine({ reason, voteIds: [id] });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].field).toBe('reason');
    }
    expect((await statesOf([id!]))[0]!.status).toBe('valid');
  });

  it('refuses a filter over 50,000 valid votes with 409 QUARANTINE_TOO_LARGE, changing nothing', async () => {
    // One account's worth of rows (the quota is the vote route's business, not this test's): quick to write.
    const [voter] = await plantVotes(hymn, 1, '41.203.99.0/24');
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into votes (user_id, song_id, category_id, ip_prefix)
        select user_id, song_id, category_id, ip_prefix from votes, generate_series(1, 50000)
        where id = ${voter}`);
      await tx.execute(
        sql`update song_vote_tallies set votes = votes + 50000 where song_id = ${hymn.id} and shard = 3`,
      );
    });
    const reviews = await reviewCount();
    const before = await countsPerSong();
    const response = await quarantine({ reason: 'Far too broad', filter: { ipPrefix: '41.203.99.0/24' } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('QUARANTINE_TOO_LARGE');
    expect(await reviewCount()).toBe(reviews);
    expect(await countsPerSong()).toEqual(before);
  });

  it('answers 404 VOTE_NOT_FOUND when an id is unknown, and sets none of the others aside', async () => {
    const ids = await plantVotes(hymn, 2);
    const reviews = await reviewCount();
    const response = await quarantine({ reason: 'Typo in the list', voteIds: [...ids, 987_654_321] });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('VOTE_NOT_FOUND');
    expect((await statesOf(ids)).every((row) => row.status === 'valid')).toBe(true);
    expect(await reviewCount()).toBe(reviews);
    await expectHonestCounts();
  });

  it('answers 409 VOTES_ALREADY_IN_STATE for a vote already set aside, or a filter with no valid vote left', async () => {
    const ids = await plantVotes(hymn, 3, '41.203.80.0/24');
    expect((await quarantine({ reason: 'First look', voteIds: ids.slice(0, 1) })).status).toBe(201);
    const reviews = await reviewCount();
    const total = await validTotalOf(hymn);

    const again = await quarantine({ reason: 'Second look', voteIds: ids });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('VOTES_ALREADY_IN_STATE');
    expect((await statesOf(ids.slice(1))).every((row) => row.status === 'valid')).toBe(true);

    expect((await quarantine({ reason: 'All of it', filter: { ipPrefix: '41.203.80.0/24' } })).status).toBe(
      201,
    );
    const empty = await quarantine({ reason: 'Nothing left', filter: { ipPrefix: '41.203.80.0/24' } });
    expect(empty.status).toBe(409);
    expect(empty.body.code).toBe('VOTES_ALREADY_IN_STATE');
    const none = await quarantine({ reason: 'No such network', filter: { ipPrefix: '10.9.8.0/24' } });
    expect(none.status).toBe(409);
    expect(await reviewCount()).toBe(reviews + 1);
    expect(await validTotalOf(hymn)).toBe(total - 2);
    await expectHonestCounts();
  });
});

describe('invalidate and restore, with one admin', () => {
  it('lets the only admin confirm their own review: the votes become invalid, the count does not move', async () => {
    const ids = await plantVotes(essence, 4, '41.203.81.0/24');
    const opened = await quarantine({ reason: 'Farm of accounts', voteIds: ids });
    const reviewId = opened.body.data.review.id;
    const total = await validTotalOf(essence);

    const response = await invalidate(reviewId, admin, { note: 'Confirmed with the carrier' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Votes confirmed invalid');
    expect(response.body.data).toMatchObject({
      changed: 4,
      totalsBefore: { [essence.id]: total },
      totalsAfter: { [essence.id]: total },
      review: {
        status: 'invalidated',
        quarantinedVotes: 0,
        invalidVotes: 4,
        decidedBy: { _id: admin.user.id },
        decisionNote: 'Confirmed with the carrier',
        canInvalidate: false,
      },
    });
    expect((await statesOf(ids)).every((row) => row.status === 'invalid')).toBe(true);
    expect(await validTotalOf(essence)).toBe(total);
    await expectHonestCounts();
    const [entry] = await auditOf('votes.invalidate', reviewId);
    expect(entry!.details).toMatchObject({ voteIds: ids, changed: 4, note: 'Confirmed with the carrier' });

    const twice = await invalidate(reviewId);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('REVIEW_ALREADY_DECIDED');
    const restoreInvalid = await restore(reviewId);
    expect(restoreInvalid.status).toBe(409);
    expect(restoreInvalid.body.code).toBe('VOTES_ALREADY_IN_STATE');
  });

  it('restores part of a review, then the rest: the votes count again and the review is decided', async () => {
    const ids = await plantVotes(jeje, 5, '41.203.82.0/24');
    const reviewId = (await quarantine({ reason: 'Looks odd', voteIds: ids })).body.data.review.id;
    const total = await validTotalOf(jeje);

    const part = await restore(reviewId, { voteIds: ids.slice(0, 2) });
    expect(part.status).toBe(200);
    expect(part.body.message).toBe('Votes restored: they count again');
    expect(part.body.data).toMatchObject({
      changed: 2,
      totalsBefore: { [jeje.id]: total },
      totalsAfter: { [jeje.id]: total + 2 },
      review: { status: 'open', quarantinedVotes: 3, restoredVotes: 2, decidedBy: null },
    });
    await expectHonestCounts();

    const again = await restore(reviewId, { voteIds: ids.slice(0, 2) });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('VOTES_ALREADY_IN_STATE');

    const rest = await restore(reviewId, { note: 'A school choir voting together' });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({
      changed: 3,
      totalsAfter: { [jeje.id]: total + 5 },
      review: {
        status: 'restored',
        quarantinedVotes: 0,
        restoredVotes: 5,
        decidedBy: { _id: admin.user.id },
      },
    });
    expect((await statesOf(ids)).every((row) => row.status === 'valid' && row.reviewId === reviewId)).toBe(
      true,
    );
    await expectHonestCounts();
    const entries = await auditOf('votes.restore', reviewId);
    expect(entries.map((entry) => (entry.details as { voteIds: number[] }).voteIds)).toEqual(
      expect.arrayContaining([ids.slice(0, 2), ids.slice(2)]),
    );
    expect((await restore(reviewId)).body.code).toBe('VOTES_ALREADY_IN_STATE');
    expect((await invalidate(reviewId)).body.code).toBe('REVIEW_ALREADY_DECIDED');
  });

  it('decides a review invalidated when part was restored and the rest confirmed invalid', async () => {
    const ids = await plantVotes(hymn, 4, '41.203.83.0/24');
    const reviewId = (await quarantine({ reason: 'Mixed bag', voteIds: ids })).body.data.review.id;
    expect((await restore(reviewId, { voteIds: [ids[0]] })).status).toBe(200);
    const response = await invalidate(reviewId);
    expect(response.status).toBe(200);
    expect(response.body.data.review).toMatchObject({
      status: 'invalidated',
      restoredVotes: 1,
      invalidVotes: 3,
      quarantinedVotes: 0,
    });
    await expectHonestCounts();
  });

  it('answers 409 VOTES_ALREADY_IN_STATE to confirming an open review with no quarantined vote left', async () => {
    const ids = await plantVotes(hymn, 2, '41.203.93.0/24');
    const reviewId = (await quarantine({ reason: 'Gone since', voteIds: ids })).body.data.review.id;
    // The fans' accounts are deleted, and their votes with them: the review stays open with nothing in it.
    await server.db.execute(
      sql`delete from users where id in (select user_id from votes where review_id = ${reviewId})`,
    );
    const response = await invalidate(reviewId, admin, { note: 'Nothing to confirm' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('VOTES_ALREADY_IN_STATE');
    const [stored] = await server.db.select().from(voteReviews).where(eq(voteReviews.id, reviewId));
    expect(stored).toMatchObject({ status: 'open', decidedBy: null, decidedAt: null, decisionNote: null });
    expect(await auditOf('votes.invalidate', reviewId)).toEqual([]);
    await expectHonestCounts();
  });

  it('answers 404 for an unknown review or a vote of another review, 400 for an id that is no number', async () => {
    const ids = await plantVotes(hymn, 2, '41.203.84.0/24');
    const first = (await quarantine({ reason: 'One', voteIds: [ids[0]] })).body.data.review.id;
    const second = (await quarantine({ reason: 'Two', voteIds: [ids[1]] })).body.data.review.id;
    for (const response of [await invalidate(987_654), await restore(987_654)]) {
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('REVIEW_NOT_FOUND');
    }
    const foreign = await restore(first, { voteIds: [ids[1]] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('VOTE_NOT_FOUND');
    expect((await statesOf(ids)).every((row) => row.status === 'quarantined')).toBe(true);
    expect((await invalidate('not-a-number')).status).toBe(400);
    expect((await restore(second, { voteIds: [ids[1]], extra: true })).status).toBe(400);
  });
});

describe('the fan’s quota', () => {
  it('still counts a quarantined vote: the fan cannot vote again in that category', async () => {
    const fan = await signIn(server);
    const cast = await server.request('POST', '/api/votes', {
      token: fan.token,
      body: { songId: essence.id },
    });
    expect(cast.status).toBe(201);
    const [row] = await server.db.select().from(votes).where(eq(votes.userId, fan.user.id));
    expect(row!.ipPrefix).toBe('127.0.0.0/24');
    expect((await quarantine({ reason: 'Checking this fan', voteIds: [row!.id] })).status).toBe(201);

    const again = await server.request('POST', '/api/votes', { token: fan.token, body: { songId: jeje.id } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_VOTED_IN_CATEGORY_TODAY');
    expect(await server.db.select().from(votes).where(eq(votes.userId, fan.user.id))).toHaveLength(1);
    await expectHonestCounts();
  });
});

describe('the second-admin rule', () => {
  let second: Account;
  beforeAll(async () => {
    second = await signIn(server, 'admin');
  });

  it('with two active admins, the admin who opened a review cannot confirm it; the other one can', async () => {
    const ids = await plantVotes(essence, 3, '41.203.85.0/24');
    const reviewId = (await quarantine({ reason: 'Needs a second pair of eyes', voteIds: ids })).body.data
      .review.id;

    const own = await invalidate(reviewId, admin);
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('SECOND_ADMIN_REQUIRED');
    expect((await statesOf(ids)).every((row) => row.status === 'quarantined')).toBe(true);

    const listFor = async (account: Account) =>
      (
        await server.request('GET', '/api/admin/integrity/reviews?status=open&limit=100', {
          token: account.token,
        })
      ).body.data.find((review: { id: number }) => review.id === reviewId);
    expect((await listFor(admin)).canInvalidate).toBe(false);
    expect((await listFor(second)).canInvalidate).toBe(true);

    const confirmed = await invalidate(reviewId, second);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.review).toMatchObject({
      status: 'invalidated',
      createdBy: { _id: admin.user.id },
      decidedBy: { _id: second.user.id },
    });
    await expectHonestCounts();
  });

  it('lets the author confirm again once they are the only active admin', async () => {
    const ids = await plantVotes(essence, 2, '41.203.86.0/24');
    const reviewId = (await quarantine({ reason: 'Alone this week', voteIds: ids })).body.data.review.id;
    await server.db.update(users).set({ isActive: false }).where(eq(users.id, second.user.id));
    try {
      const response = await invalidate(reviewId, admin);
      expect(response.status).toBe(200);
    } finally {
      await server.db.update(users).set({ isActive: true }).where(eq(users.id, second.user.id));
    }
  });

  it('does not apply to restoring: the author may restore their own review', async () => {
    const ids = await plantVotes(essence, 2, '41.203.87.0/24');
    const reviewId = (await quarantine({ reason: 'Maybe a mistake', voteIds: ids })).body.data.review.id;
    expect((await restore(reviewId, {}, admin)).status).toBe(200);
  });
});

describe('published results', () => {
  it('refuses every state change with 409 RESULTS_PUBLISHED until they are unpublished', async () => {
    const ids = await plantVotes(hymn, 3, '41.203.88.0/24');
    const open = (await quarantine({ reason: 'Before publishing', voteIds: ids.slice(0, 2) })).body.data
      .review.id;
    const publish = (published: boolean) =>
      server.request('PUT', '/api/admin/results', {
        token: admin.token,
        body: { published, showLiveStandings: true },
      });
    expect((await publish(true)).status).toBe(200);
    try {
      const before = await countsPerSong();
      for (const response of [
        await quarantine({ reason: 'After publishing', voteIds: [ids[2]] }),
        await quarantine({ reason: 'After publishing', filter: { ipPrefix: '41.203.88.0/24' } }),
        await invalidate(open, await signIn(server, 'admin')),
        await restore(open),
      ]) {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe('RESULTS_PUBLISHED');
      }
      expect(await countsPerSong()).toEqual(before);
      expect((await statesOf(ids)).map((row) => row.status)).toEqual(['quarantined', 'quarantined', 'valid']);
    } finally {
      expect((await publish(false)).status).toBe(200);
    }
    expect((await restore(open)).status).toBe(200);
    await expectHonestCounts();
  });
});

describe('GET /api/admin/integrity/reviews', () => {
  const list = (query = '') =>
    server.request('GET', `/api/admin/integrity/reviews${query}`, { token: admin.token });

  it('lists open, decided or all reviews, newest first, with the list contract', async () => {
    const ids = await plantVotes(jeje, 2, '41.203.90.0/24');
    const newest = (await quarantine({ reason: 'Newest of all', voteIds: ids })).body.data.review.id;
    const [stored] = await server.db.select({ count: sql<number>`count(*)::int` }).from(voteReviews);
    const [open] = await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(voteReviews)
      .where(eq(voteReviews.status, 'open'));

    const all = await list('?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ page: 1, limit: 100, total: Number(stored!.count), pages: 1 });
    expect(all.body.data[0]).toMatchObject({ id: newest, reason: 'Newest of all', status: 'open' });

    const openOnly = await list('?status=open&limit=100');
    expect(openOnly.body.pagination.total).toBe(Number(open!.count));
    expect(openOnly.body.data.every((review: { status: string }) => review.status === 'open')).toBe(true);
    const decided = await list('?status=decided&limit=100');
    expect(decided.body.pagination.total).toBe(Number(stored!.count) - Number(open!.count));
    expect(decided.body.data.every((review: { status: string }) => review.status !== 'open')).toBe(true);
    expect(decided.body.data.some((review: { status: string }) => review.status === 'restored')).toBe(true);

    const paged = await list('?limit=1&page=2&order=asc');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination.pages).toBe(Number(stored!.count));
  });

  it('finds reviews by words of their reason, and refuses a status it does not know', async () => {
    const found = await list('?search=second%20pair');
    expect(found.body.data.map((review: { reason: string }) => review.reason)).toEqual([
      'Needs a second pair of eyes',
    ]);
    expect((await list('?status=maybe')).status).toBe(400);
  });
});

describe('the answer’s message', () => {
  it('is in the admin’s language', async () => {
    const french = await signIn(server, 'admin');
    await server.db.update(users).set({ language: 'fr' }).where(eq(users.id, french.user.id));
    const ids = await plantVotes(jeje, 1, '41.203.91.0/24');
    const response = await quarantine({ reason: 'Vérification', voteIds: ids }, french);
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Votes mis en quarantaine : ils ne comptent plus');
    const refused = await quarantine({ reason: 'Encore', voteIds: ids }, french);
    expect(refused.body.message).toBe(
      'Ces votes sont déjà dans cet état. Actualisez la liste pour voir où ils en sont.',
    );
  });
});
