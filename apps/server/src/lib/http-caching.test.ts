import { createHash } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { songViews } from '../db/schema';
import { setPlatformSettings, signIn } from '../test/accounts';
import { createCategory, createSong } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';
import { NOT_STORED, SHARED_PUBLIC, SHARED_REVALIDATED } from './http-caching';

/**
 * Public reads are cacheable by a CDN (public, s-maxage, stale-while-revalidate, ETag, 304), and
 * nothing personal, admin-only or failed ever is. Spoken over raw HTTP: fetch would hide the encodings.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let fan: Awaited<ReturnType<typeof signIn>>;
let artist: Awaited<ReturnType<typeof signIn>>;
let category: { id: string };
let song: { id: string };

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, token?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.baseUrl}${url}`,
      { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const strongEtagOf = (bytes: Buffer) =>
  `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Never storable by a shared cache: no-store, and never public. */
function expectNeverShared(answer: RawAnswer, what: string) {
  const cacheControl = String(answer.headers['cache-control']);
  expect(cacheControl, what).toMatch(/no-store/);
  expect(cacheControl, what).not.toMatch(/public|s-maxage/);
}

beforeAll(async () => {
  server = await startTestServer();
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  admin = await signIn(server, 'admin');
  fan = await signIn(server, 'fan');
  artist = await signIn(server, 'artist');
  category = await createCategory(server.db, { name: 'Best Afrobeats Song', sortOrder: 1 });
  // Enough songs for a page over the 2 KiB compression threshold.
  for (let index = 0; index < 12; index++) {
    song = await createSong(server.db, {
      categoryId: category.id,
      title: `Song number ${index}`,
      artist: `Artist number ${index}`,
      votes: index + 1,
    });
  }
});
afterAll(() => server.close());

describe('a public page for a guest', () => {
  const page = () => `/api/categories/${category.id}`;

  it('is public for shared caches, as long as the response cache keeps it, with a strong ETag', async () => {
    const answer = await get(page());
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(SHARED_PUBLIC);
    expect(SHARED_PUBLIC).toMatch(/^public, max-age=0, s-maxage=5, stale-while-revalidate=\d+/);
    expect(answer.headers.vary).toBe('Accept-Encoding, Authorization');
    expect(answer.headers['content-encoding']).toBeUndefined();
    // Strong, and the hash of exactly the bytes sent.
    expect(answer.headers.etag).toBe(strongEtagOf(answer.body));
    expect(JSON.parse(answer.body.toString()).data.songs[0]).not.toHaveProperty('totalVotes');
  });

  it('sends the compressed bytes kept with the entry, each encoding with the ETag of its own bytes', async () => {
    const plain = await get(page());
    const brotli = await get(page(), { 'accept-encoding': 'gzip, br' });
    const gzipped = await get(page(), { 'accept-encoding': 'gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(zlib.gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(brotli.headers.etag).toBe(strongEtagOf(brotli.body));
    expect(gzipped.headers.etag).toBe(strongEtagOf(gzipped.body));
    expect(new Set([plain.headers.etag, brotli.headers.etag, gzipped.headers.etag]).size).toBe(3);
    expect((await get(page(), { 'accept-encoding': 'gzip, br' })).body.equals(brotli.body)).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and no body, and a stale one with the page', async () => {
    const first = await get(page(), { 'accept-encoding': 'br' });
    const again = await get(page(), { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(SHARED_PUBLIC);
    const weak = await get(page(), {
      'accept-encoding': 'br',
      'if-none-match': `"x", W/${first.headers.etag}`,
    });
    expect(weak.status).toBe(304);
    const stale = await get(page(), { 'accept-encoding': 'br', 'if-none-match': '"not-this-one"' });
    expect(stale.status).toBe(200);
    expect(stale.body.equals(first.body)).toBe(true);
  });

  it('gets a new ETag at once when an admin changes what the page shows', async () => {
    const before = await get(page());
    const change = await server.request('PUT', `/api/categories/${category.id}`, {
      token: admin.token,
      body: { name: 'Best Afrobeats Song of the Year' },
    });
    expect(change.status).toBe(200);
    const after = await get(page(), { 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(after.body.toString()).data.category.name).toBe('Best Afrobeats Song of the Year');
  });

  it('makes the songs list, the banners, the stats and the public settings public too', async () => {
    for (const url of ['/api/songs?page=1&limit=12', '/api/categories', '/api/stats', '/api/stats/banners']) {
      const answer = await get(url);
      expect(`${url}: ${answer.headers['cache-control']}`).toBe(`${url}: ${SHARED_PUBLIC}`);
      expect((await get(url, { 'if-none-match': answer.headers.etag! })).status).toBe(304);
    }
    const settings = await get('/api/public/public-settings');
    expect(settings.headers['cache-control']).toBe(SHARED_PUBLIC);
    // Weak: hashed from the JSON before @fastify/compress may encode it.
    expect(settings.headers.etag).toMatch(/^W\/"/);
    const revalidated = await get('/api/public/public-settings', { 'if-none-match': settings.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
  });

  it('makes every copy of a song page ask first, and counts the view a revalidation brings', async () => {
    const viewsOf = async () =>
      (await server.db.select().from(songViews)).filter((view) => view.songId === song.id).length;
    // A view is recorded just after its answer is sent: wait for each.
    const counted = (views: number) => expect.poll(viewsOf).toBe(views);
    const before = await viewsOf();
    const first = await get(`/api/songs/${song.id}`, { 'user-agent': 'first visitor' });
    expect(first.headers['cache-control']).toBe(SHARED_REVALIDATED);
    await counted(before + 1);
    const revalidated = await get(`/api/songs/${song.id}`, {
      'user-agent': 'second visitor behind the CDN',
      'if-none-match': first.headers.etag!,
    });
    expect(revalidated.status).toBe(304);
    await counted(before + 2);
  });
});

describe('behind CORS', () => {
  it('keeps varying by Origin, so no copy answers another site with the wrong allowed origin', async () => {
    const withCors = await startTestServer({ environment: { CORS_ORIGINS: 'https://partner.example' } });
    try {
      const partnerCategory = await createCategory(withCors.db, { name: 'Best Gospel Song' });
      const response = await fetch(`${withCors.baseUrl}/api/categories/${partnerCategory.id}`, {
        headers: { origin: 'https://partner.example' },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('https://partner.example');
      expect(response.headers.get('cache-control')).toBe(SHARED_PUBLIC);
      expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding, Authorization');
    } finally {
      await withCors.close();
    }
  });
});

describe('answers no shared cache may keep', () => {
  it("gives an admin the category page with totals, private, no-store, and never the public page's 304", async () => {
    const publicPage = await get(`/api/categories/${category.id}`);
    const answer = await get(
      `/api/categories/${category.id}`,
      { 'if-none-match': publicPage.headers.etag! },
      admin.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(NOT_STORED);
    expect(answer.headers.etag).toBeUndefined();
    expect(JSON.parse(answer.body.toString()).data.songs[0].totalVotes).toBe(12);
  });

  it('gives an artist a fresh, unstored answer (their own pending songs show)', async () => {
    const answer = await get('/api/songs?page=1&limit=12', {}, artist.token);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe(NOT_STORED);
  });

  it('gives a signed-in fan the public page for their browser only (Authorization keeps it private)', async () => {
    const answer = await get(`/api/categories/${category.id}`, {}, fan.token);
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers.vary).toContain('Authorization');
    const again = await get(
      `/api/categories/${category.id}`,
      { 'if-none-match': answer.headers.etag! },
      fan.token,
    );
    expect(again.status).toBe(304);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps personal, fan-only and admin answers private, no-store by default', async () => {
    const calls: Array<[string, string]> = [
      ['/api/auth/me', fan.token],
      [`/api/votes/check/${category.id}`, fan.token],
      ['/api/songs/artist/me', artist.token],
      ['/api/admin/dashboard', admin.token],
      ['/api/admin/categories/stats', admin.token],
    ];
    for (const [url, token] of calls) {
      const answer = await get(url, {}, token);
      expect(`${url}: ${answer.status}`).toBe(`${url}: 200`);
      expect(`${url}: ${answer.headers['cache-control']}`).toBe(`${url}: ${NOT_STORED}`);
    }
  });

  it('never lets a failure be kept: 404, 400, 401, 403 and an unknown address', async () => {
    const calls: Array<[string, number, string | undefined]> = [
      ['/api/categories/00000000-0000-4000-8000-000000000000', 404, undefined],
      ['/api/categories/not-a-uuid', 400, undefined],
      ['/api/admin/dashboard', 401, undefined],
      ['/api/admin/dashboard', 403, fan.token],
      ['/api/no-such-thing', 404, undefined],
    ];
    for (const [url, status, token] of calls) {
      const answer = await get(url, {}, token);
      expect(`${url}: ${answer.status}`).toBe(`${url}: ${status}`);
      expect(answer.headers['cache-control']).toBe(NOT_STORED);
      expect(answer.headers.etag).toBeUndefined();
    }
  });
});

/**
 * Every public GET route and its caching decision, asked as a guest. A new public GET route fails the first
 * test until it is listed here, with its decision: 'shared' (the same for every guest), 'revalidated'
 * (public, but each copy asks first), 'picture' (public bytes kept for a time, a year at the version its
 * address names), or 'never' (personal, per request, or a redirect).
 */
const PUBLIC_GET_CACHING: Record<
  string,
  { url: () => string; caching: 'shared' | 'revalidated' | 'picture' | 'never' }
> = {
  '/api/songs': { url: () => '/api/songs', caching: 'shared' },
  '/api/songs/:id': { url: () => `/api/songs/${song.id}`, caching: 'revalidated' },
  '/api/categories': { url: () => '/api/categories', caching: 'shared' },
  '/api/categories/:id': { url: () => `/api/categories/${category.id}`, caching: 'shared' },
  '/api/stats': { url: () => '/api/stats', caching: 'shared' },
  '/api/stats/banners': { url: () => '/api/stats/banners', caching: 'shared' },
  '/api/public/public-settings': { url: () => '/api/public/public-settings', caching: 'shared' },
  // The server's clock and the window's state at this second: no-store, as the voting rules want.
  '/api/voting-settings/status': { url: () => '/api/voting-settings/status', caching: 'never' },
  // Small, read by the sign-in page only; a candidate for 'shared' (features/social-login/routes.ts).
  '/api/auth/social-login-settings': { url: () => '/api/auth/social-login-settings', caching: 'never' },
  // A fresh challenge each time.
  '/api/captcha/challenge': { url: () => '/api/captcha/challenge', caching: 'never' },
  // Ads with their per-view signed tokens, and the click redirect that counts.
  '/api/ad-slots': { url: () => '/api/ad-slots?slots=header', caching: 'never' },
  '/api/ad-click/:token': { url: () => '/api/ad-click/not-a-token', caching: 'never' },
  // Sign-in redirects carrying a per-visitor flow cookie.
  '/api/auth/google': { url: () => '/api/auth/google', caching: 'never' },
  '/api/auth/google/callback': { url: () => '/api/auth/google/callback', caching: 'never' },
  '/api/auth/facebook': { url: () => '/api/auth/facebook', caching: 'never' },
  '/api/auth/facebook/callback': { url: () => '/api/auth/facebook/callback', caching: 'never' },
  // A load balancer's probe must reach the instance, never a copy.
  '/api/health': { url: () => '/api/health', caching: 'never' },
  '/api/health/live': { url: () => '/api/health/live', caching: 'never' },
  '/api/health/ready': { url: () => '/api/health/ready', caching: 'never' },
  // Share pictures for link previews: the same for everyone, drawn from public data only.
  '/api/songs/:id/share-image': { url: () => `/api/songs/${song.id}/share-image`, caching: 'picture' },
  '/api/share-image': { url: () => '/api/share-image', caching: 'picture' },
};

describe('every public GET route', () => {
  it('has a caching decision here', () => {
    const publicGets = server.app
      .declaredRoutes()
      .filter((route) => route.access === 'public' && route.method === 'GET')
      .map((route) => route.url);
    expect(publicGets.filter((url) => !(url in PUBLIC_GET_CACHING))).toEqual([]);
  });

  it('answers a guest as decided', async () => {
    for (const [route, { url, caching }] of Object.entries(PUBLIC_GET_CACHING)) {
      const answer = await get(url());
      const cacheControl = String(answer.headers['cache-control']);
      if (caching === 'never') expectNeverShared(answer, route);
      else if (caching === 'picture') expect(`${route}: ${cacheControl}`).toMatch(/: public, max-age=\d+/);
      else
        expect(`${route}: ${cacheControl}`).toBe(
          `${route}: ${caching === 'shared' ? SHARED_PUBLIC : SHARED_REVALIDATED}`,
        );
    }
  });
});
