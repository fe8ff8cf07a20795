import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { plantVotes } from '../../test/vote-reviews';

type Song = { id: string; categoryId: string; title: string };
type Category = {
  _id: string;
  totalSongs: number;
  offset: number;
  winnerSongId: string | null;
  winnerNoLongerLeads: boolean;
  leadUnderReview: boolean;
  winner: { _id: string; rank: number; isWinner: boolean } | null;
  songs: Array<{ _id: string; title: string; rank: number; isWinner: boolean }>;
};

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let category: { id: string; name: string };
let songs: Record<'boosted' | 'second' | 'third' | 'fourth', Song>;
/** The boosted song's votes from one network: the cluster fraud review sets aside. */
let cluster: number[];

type Query = Partial<Record<'songsPerCategory' | 'offset' | 'categoryId', string | number>>;

async function analytics(query: Query = {}) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await server.request('GET', `/api/admin/analytics?${search}`, { token: admin.token });
  return response;
}

async function categoryAnswer(query: Query = {}): Promise<Category> {
  const response = await analytics(query);
  expect(response.status).toBe(200);
  return response.body.data.categories.find((each: Category) => each._id === category.id);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await setPlatformTimezone(server.db, 'UTC');
  category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  const song = async (title: string) => ({
    ...(await createSong(server.db, { categoryId: category.id, title })),
    categoryId: category.id,
  });
  songs = {
    boosted: await song('Boosted'),
    second: await song('Second'),
    third: await song('Third'),
    fourth: await song('Fourth'),
  };
  await plantVotes(server, songs.boosted, 2, '10.0.0.0/24');
  cluster = await plantVotes(server, songs.boosted, 10, '41.203.77.0/24');
  await plantVotes(server, songs.second, 8, '10.0.1.0/24');
  await plantVotes(server, songs.third, 6, '10.0.2.0/24');
  await plantVotes(server, songs.fourth, 4, '10.0.3.0/24');
});
afterAll(() => server.close());

describe('a winner whose votes fraud review sets aside', () => {
  it('is flagged once it no longer leads, and the lead is flagged while it rests on votes under review', async () => {
    const chosen = await server.request('POST', `/api/admin/categories/${category.id}/winner`, {
      token: admin.token,
      body: { songId: songs.boosted.id, confirmVotingOpen: true },
    });
    expect(chosen.status).toBe(200);
    let answer = await categoryAnswer();
    expect(answer).toMatchObject({ winnerNoLongerLeads: false, leadUnderReview: false });
    expect(answer.winner).toMatchObject({ _id: songs.boosted.id, rank: 1, isWinner: true });

    // The cluster is quarantined: the winner drops to 4th (2 votes), and the quarantined votes decide who leads.
    const quarantined = await server.request('POST', '/api/admin/integrity/quarantine', {
      token: admin.token,
      body: { reason: 'One network, one minute', voteIds: cluster },
    });
    expect(quarantined.status).toBe(201);
    answer = await categoryAnswer();
    expect(answer.winnerSongId).toBe(songs.boosted.id);
    expect(answer.winner).toMatchObject({ _id: songs.boosted.id, rank: 4, isWinner: true });
    expect(answer.winnerNoLongerLeads).toBe(true);
    expect(answer.leadUnderReview).toBe(true);
    expect(answer.songs.map((song) => song.title)).toEqual(['Second', 'Third', 'Fourth', 'Boosted']);

    // Confirmed invalid: nothing is under review any more, and the winner still does not lead.
    const reviewId = quarantined.body.data.review.id;
    const invalidated = await server.request('POST', `/api/admin/integrity/reviews/${reviewId}/invalidate`, {
      token: admin.token,
      body: {},
    });
    expect(invalidated.status).toBe(200);
    answer = await categoryAnswer();
    expect(answer).toMatchObject({ winnerNoLongerLeads: true, leadUnderReview: false });
    expect(answer.winner).toMatchObject({ _id: songs.boosted.id, rank: 4 });

    // Choosing the new leader clears the flag.
    const rechosen = await server.request('POST', `/api/admin/categories/${category.id}/winner`, {
      token: admin.token,
      body: { songId: songs.second.id, confirmVotingOpen: true },
    });
    expect(rechosen.status).toBe(200);
    answer = await categoryAnswer();
    expect(answer).toMatchObject({ winnerNoLongerLeads: false, winnerSongId: songs.second.id });
  });
});

describe('GET /api/admin/analytics, a page of each category', () => {
  it('lists every song without a query, and the leaders, then the next page, when asked', async () => {
    const all = await categoryAnswer();
    expect(all).toMatchObject({ totalSongs: 4, offset: 0 });
    expect(all.songs).toHaveLength(4);

    const leaders = await categoryAnswer({ songsPerCategory: 2 });
    expect(leaders).toMatchObject({ totalSongs: 4, offset: 0 });
    expect(leaders.songs.map((song) => [song.title, song.rank])).toEqual([
      ['Second', 1],
      ['Third', 2],
    ]);

    const rest = await categoryAnswer({ categoryId: category.id, offset: 2, songsPerCategory: 2 });
    expect(rest).toMatchObject({ totalSongs: 4, offset: 2 });
    expect(rest.songs.map((song) => [song.title, song.rank])).toEqual([
      ['Fourth', 3],
      ['Boosted', 4],
    ]);
  });

  it('keeps a winner outside the page in view', async () => {
    await server.request('POST', `/api/admin/categories/${category.id}/winner`, {
      token: admin.token,
      body: { songId: songs.fourth.id, confirmVotingOpen: true },
    });
    const leaders = await categoryAnswer({ songsPerCategory: 1 });
    expect(leaders.songs.map((song) => song.title)).toEqual(['Second']);
    expect(leaders.winner).toMatchObject({ _id: songs.fourth.id, rank: 3, isWinner: true });
    expect(leaders.winnerNoLongerLeads).toBe(true);
  });

  it('answers one category alone, 404 for an unknown one and 400 for a bad page', async () => {
    const other = await createCategory(server.db, { name: 'Best Gospel Song' });
    const one = await analytics({ categoryId: category.id, songsPerCategory: 1 });
    expect(one.body.data.categories.map((each: Category) => each._id)).toEqual([category.id]);
    expect(one.body.data.totals.totalCategories).toBe(2);
    expect(other.id).toBeDefined();

    const unknown = await analytics({ categoryId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CATEGORY_NOT_FOUND');
    const bad: Query[] = [
      { songsPerCategory: 0 },
      { songsPerCategory: 501 },
      { offset: -1 },
      { categoryId: 'x' },
    ];
    for (const query of bad) {
      expect((await analytics(query)).status).toBe(400);
    }
  });
});
