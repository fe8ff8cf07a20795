import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

/**
 * Vote totals and winners stay admin-only until an admin publishes the
 * results. Every public call is asked, as a guest, a fan and an artist, before and after.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let owner: Awaited<ReturnType<typeof signIn>>;
let category: { id: string };
let other: { id: string };
/** Votes order them Zeta (9), Mid (5), Alpha (2); titles the other way round. Zeta is the chosen winner. */
let zeta: { id: string };
let alpha: { id: string };

type Caller = 'guest' | 'fan' | 'artist';
const tokens: Partial<Record<Caller, string>> = {};
const CALLERS: Caller[] = ['guest', 'fan', 'artist'];

const get = (url: string, caller: Caller | 'admin' | 'owner') =>
  server.request('GET', url, {
    token: caller === 'admin' ? admin.token : caller === 'owner' ? owner.token : tokens[caller],
  });
const putResults = (published: boolean, showLiveStandings = true, token = admin.token) =>
  server.request('PUT', '/api/admin/results', { token, body: { published, showLiveStandings } });

/** The public calls that answer catalog data, with what each caller asks. */
function catalogCalls() {
  return [
    '/api/songs',
    `/api/songs?category=${category.id}`,
    '/api/songs?sortBy=title&sortOrder=asc',
    '/api/songs?search=zeta',
    `/api/songs/${zeta.id}`,
    `/api/songs/${alpha.id}`,
    '/api/categories',
    `/api/categories/${category.id}`,
    `/api/categories/${other.id}`,
  ];
}

/** Every other public (and signed-in) GET: none may carry totals or a winner, published or not. */
function otherCalls() {
  return [
    '/api/stats/banners',
    '/api/voting-settings/status',
    '/api/public/public-settings',
    '/api/auth/social-login-settings',
    '/api/captcha/challenge',
    '/api/ad-slots?slots=header,sidebar,between-songs,footer',
    `/api/votes/check/${category.id}`,
    `/api/votes/check-song/${zeta.id}`,
  ];
}

/** The routes this file has looked at; a new public GET route must be added to one of the lists above. */
const EXAMINED_PUBLIC_GETS = new Set([
  '/api/songs',
  '/api/songs/:id',
  '/api/categories',
  '/api/categories/:id',
  '/api/stats',
  '/api/stats/banners',
  '/api/voting-settings/status',
  '/api/public/public-settings',
  '/api/auth/social-login-settings',
  '/api/captcha/challenge',
  // Ads: the sponsors' pictures and signed tokens; the click redirects to a sponsor's page.
  '/api/ad-slots',
  '/api/ad-click/:token',
  // Social sign-in redirects to the provider or back to the web app: no catalog data.
  '/api/auth/google',
  '/api/auth/google/callback',
  '/api/auth/facebook',
  '/api/auth/facebook/callback',
  // Share pictures: a JPEG of the cover, title, artist and category, never a count or a winner.
  '/api/share-image',
  '/api/songs/:id/share-image',
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
]);

/** The names of what results reveal, anywhere in an answer. */
const RESULT_FIELDS = /"(totalVotes|isWinner|winnerSongId)"/;

async function expectNothingRevealed(url: string, caller: Caller) {
  const response = await get(url, caller);
  const text = JSON.stringify(response.body);
  expect(`${url} as ${caller}: ${response.status}`).toBe(`${url} as ${caller}: 200`);
  expect(`${url} as ${caller}: ${RESULT_FIELDS.exec(text)?.[0] ?? 'nothing'}`).toBe(
    `${url} as ${caller}: nothing`,
  );
}

const titles = (songs: Array<{ title: string }>) => songs.map((song) => song.title);

beforeAll(async () => {
  server = await startTestServer();
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  admin = await signIn(server, 'admin');
  const now = server.clock.now().getTime();
  await server.request('PUT', '/api/voting-settings', {
    token: admin.token,
    body: {
      isEnabled: true,
      startDate: new Date(now - 3_600_000).toISOString(),
      endDate: new Date(now + 3_600_000).toISOString(),
      timezone: 'UTC',
      notes: '',
    },
  });
  owner = await signIn(server, 'artist');
  tokens.fan = (await signIn(server, 'fan')).token;
  tokens.artist = (await signIn(server, 'artist')).token;
  category = await createCategory(server.db, { name: 'Best Afrobeats Song', sortOrder: 1 });
  other = await createCategory(server.db, { name: 'Best Gospel Song', sortOrder: 2 });
  zeta = await createSong(server.db, { categoryId: category.id, title: 'Zeta', votes: 9 });
  await createSong(server.db, {
    categoryId: category.id,
    title: 'Mid',
    votes: 5,
    uploaderId: owner.user.id,
  });
  alpha = await createSong(server.db, { categoryId: category.id, title: 'Alpha', votes: 2 });
  await createSong(server.db, { categoryId: other.id, title: 'Ye', votes: 4 });
  await server.db.update(categories).set({ winnerSongId: zeta.id }).where(eq(categories.id, category.id));
});
afterAll(() => server.close());

describe('before the results are published', () => {
  it('has every public GET route examined here', () => {
    const publicGets = server.app
      .declaredRoutes()
      .filter((route) => route.access === 'public' && route.method === 'GET')
      .map((route) => route.url);
    expect(publicGets.filter((url) => !EXAMINED_PUBLIC_GETS.has(url))).toEqual([]);
  });

  it('no public call carries a vote total or a winner, for a guest, a fan or an artist', async () => {
    for (const caller of CALLERS) {
      for (const url of catalogCalls()) await expectNothingRevealed(url, caller);
      for (const url of otherCalls()) {
        if (caller === 'guest' && url.startsWith('/api/votes/')) continue;
        await expectNothingRevealed(url, caller);
      }
    }
  });

  it('keeps the Most Voted sort for admins', async () => {
    for (const caller of CALLERS) {
      const response = await get('/api/songs?sortBy=totalVotes', caller);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('MOST_VOTED_ADMIN_ONLY');
    }
  });

  it('ranks the category page live by default: songs by votes, no numbers, no winner', async () => {
    for (const caller of CALLERS) {
      const page = await get(`/api/categories/${category.id}`, caller);
      expect(page.body.data.standings).toBe('live');
      expect(titles(page.body.data.songs)).toEqual(['Zeta', 'Mid', 'Alpha']);
      // Places, so the page can show ties, never the totals behind them.
      expect(page.body.data.songs.map((song: { rank?: number }) => song.rank)).toEqual([1, 2, 3]);
    }
  });

  it('lists the songs in a neutral title order when live standings are off', async () => {
    expect((await putResults(false, false)).status).toBe(200);
    for (const caller of CALLERS) {
      const page = await get(`/api/categories/${category.id}`, caller);
      expect(page.body.data.standings).toBe('hidden');
      expect(titles(page.body.data.songs)).toEqual(['Alpha', 'Mid', 'Zeta']);
      expect(JSON.stringify(page.body)).not.toMatch(RESULT_FIELDS);
      expect(JSON.stringify(page.body)).not.toContain('"rank"');
    }
    // Admins still see the ranking and the totals, with the state the public is in.
    const adminPage = await get(`/api/categories/${category.id}`, 'admin');
    expect(adminPage.body.data.standings).toBe('hidden');
    expect(
      adminPage.body.data.songs.map((song: { title: string; totalVotes: number }) => song.totalVotes),
    ).toEqual([9, 5, 2]);
    expect((await putResults(false, true)).status).toBe(200);
  });

  it('still shows the overall vote count on the home page (participation)', async () => {
    const stats = await get('/api/stats', 'guest');
    expect(Object.keys(stats.body.data).sort()).toEqual([
      'totalCategories',
      'totalSongs',
      'totalUsers',
      'totalVotes',
    ]);
    expect(stats.body.data.totalVotes).toBe(20);
  });

  it('a vote answer carries the fan’s own quota, never a total', async () => {
    const vote = await server.request('POST', '/api/votes', {
      token: tokens.fan,
      body: { songId: alpha.id },
    });
    expect(vote.status).toBe(201);
    expect(JSON.stringify(vote.body)).not.toMatch(RESULT_FIELDS);
  });

  it('shows an artist their own songs’ votes on the dashboard, but no winner', async () => {
    const dashboard = await get('/api/songs/artist/me', 'owner');
    expect(dashboard.body.data).toHaveLength(1);
    expect(dashboard.body.data[0]).toMatchObject({ title: 'Mid', totalVotes: 5 });
    expect(dashboard.body.data[0]).not.toHaveProperty('isWinner');
  });

  it('leaves the artist’s rank out while the live standings are hidden', async () => {
    const ranked = await get('/api/songs/artist/me', 'owner');
    expect(ranked.body.data[0].rankInCategory).toEqual(expect.any(Number));
    await server.request('PUT', '/api/admin/results', {
      token: admin.token,
      body: { showLiveStandings: false },
    });
    const hidden = await get('/api/songs/artist/me', 'owner');
    expect(hidden.body.data[0].rankInCategory).toBeNull();
    await server.request('PUT', '/api/admin/results', {
      token: admin.token,
      body: { showLiveStandings: true },
    });
  });

  it('always shows admins the totals and the winner', async () => {
    const song = await get(`/api/songs/${zeta.id}`, 'admin');
    expect(song.body.data).toMatchObject({ totalVotes: 9, isWinner: true });
    const list = await get('/api/categories', 'admin');
    expect(list.body.data[0]).toMatchObject({ totalVotes: 17, winnerSongId: zeta.id });
  });
});

describe('GET and PUT /api/admin/results', () => {
  it('are for admins only, whatever is sent', async () => {
    expect((await server.request('GET', '/api/admin/results')).status).toBe(401);
    expect((await server.request('PUT', '/api/admin/results', { body: { published: true } })).status).toBe(
      401,
    );
    for (const caller of ['fan', 'artist'] as const) {
      expect((await get('/api/admin/results', caller)).status).toBe(403);
      expect((await putResults(true, true, tokens[caller])).status).toBe(403);
    }
    expect((await get('/api/admin/results', 'admin')).body.data.published).toBe(false);
  });

  it('refuses a body that changes no switch or is not a switch', async () => {
    for (const body of [{ published: 'yes' }, {}, { showLiveStandings: null }]) {
      const response = await server.request('PUT', '/api/admin/results', { token: admin.token, body });
      expect(response.status).toBe(400);
    }
    expect((await get('/api/admin/results', 'admin')).body.data.published).toBe(false);
  });
});

describe('publishing the results', () => {
  let publishedAt: Date;

  it('is audited with who and when, and the public pages follow at once', async () => {
    // Guests' and fans' answers are cached: fill the cache first, so the test proves it is dropped.
    await get(`/api/categories/${category.id}`, 'guest');
    await get('/api/songs', 'fan');
    publishedAt = new Date(server.clock.now().getTime() + 60_000);
    server.clock.set(publishedAt);
    const response = await putResults(true);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Results published',
      data: {
        published: true,
        showLiveStandings: true,
        publishedAt: publishedAt.toISOString(),
        publishedBy: { _id: admin.user.id, name: admin.user.name },
      },
    });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'results.publish'))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'setting',
      targetId: 'results',
      ip: '127.0.0.1',
      details: {
        votingOpen: true,
        before: { published: false, publishedAt: null },
        after: { published: true, publishedAt: publishedAt.toISOString() },
      },
    });
  });

  it('shows every caller the final totals and the winner', async () => {
    for (const caller of CALLERS) {
      const page = await get(`/api/categories/${category.id}`, caller);
      expect(page.body.data.standings).toBe('final');
      expect(page.body.data.category).toMatchObject({ totalVotes: 17, winnerSongId: zeta.id });
      expect(
        page.body.data.songs.map((song: { title: string; totalVotes: number; isWinner: boolean }) => [
          song.title,
          song.totalVotes,
          song.isWinner,
        ]),
      ).toEqual([
        ['Zeta', 9, true],
        ['Mid', 5, false],
        ['Alpha', 3, false],
      ]);

      const song = await get(`/api/songs/${zeta.id}`, caller);
      expect(song.body.data).toMatchObject({ totalVotes: 9, isWinner: true });
      const list = await get('/api/songs', caller);
      for (const entry of list.body.data) expect(entry).toHaveProperty('totalVotes');
      const mostVoted = await get('/api/songs?sortBy=totalVotes', caller);
      expect(mostVoted.status).toBe(200);
      expect(titles(mostVoted.body.data).slice(0, 3)).toEqual(['Zeta', 'Mid', 'Ye']);
      const categoriesList = await get('/api/categories', caller);
      expect(categoriesList.body.data.map((entry: { totalVotes: number }) => entry.totalVotes)).toEqual([
        17, 4,
      ]);
      expect(categoriesList.body.data[1].winnerSongId).toBeNull();
    }
  });

  it('answers an unchanged PUT without a new audit entry', async () => {
    const count = async () =>
      (await server.db.select().from(auditLog).where(like(auditLog.action, 'results.%'))).length;
    const before = await count();
    const response = await putResults(true);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Results settings saved');
    expect(response.body.data.publishedAt).toBe(publishedAt.toISOString());
    expect(await count()).toBe(before);
  });

  it('hides everything again at once when unpublished, each switch audited on its own', async () => {
    await get(`/api/songs/${zeta.id}`, 'guest');
    const response = await putResults(false, false);
    expect(response.body).toMatchObject({
      message: 'Results hidden from the public',
      data: { published: false, showLiveStandings: false, publishedAt: null, publishedBy: null },
    });
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'results.%'), eq(auditLog.actorId, admin.user.id)))
      .orderBy(asc(auditLog.id));
    expect(entries.slice(-2).map((entry) => [entry.action, entry.details])).toEqual([
      [
        'results.unpublish',
        {
          votingOpen: true,
          before: { published: true, publishedAt: publishedAt.toISOString() },
          after: { published: false, publishedAt: null },
        },
      ],
      [
        'results.liveStandings',
        { votingOpen: true, before: { showLiveStandings: true }, after: { showLiveStandings: false } },
      ],
    ]);
    for (const caller of CALLERS) {
      for (const url of catalogCalls()) await expectNothingRevealed(url, caller);
    }
    const page = await get(`/api/categories/${category.id}`, 'guest');
    expect(titles(page.body.data.songs)).toEqual(['Alpha', 'Mid', 'Zeta']);

    const live = await putResults(false, true);
    expect(live.body.message).toBe('Results settings saved');
  });
});

describe('changing one switch', () => {
  it('changes only the switch it is given, so a page loaded before another change never undoes it', async () => {
    const put = (body: object) => server.request('PUT', '/api/admin/results', { token: admin.token, body });
    expect((await put({ showLiveStandings: false })).body.data).toMatchObject({
      published: false,
      showLiveStandings: false,
    });
    // Another admin turns the live standings back on; this one then publishes from its old page.
    await put({ showLiveStandings: true });
    expect((await put({ published: true })).body.data).toMatchObject({
      published: true,
      showLiveStandings: true,
    });
    expect((await put({ published: false })).body.data).toMatchObject({
      published: false,
      showLiveStandings: true,
    });
  });
});
