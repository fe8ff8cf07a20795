import { LANDING_ROUTES, matchLandingRoute } from '@ovation/shared/landing-routes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from '../lib/session';
import { createQueryClient } from './query-client';
import { PAGE_STARTS } from './route-prefetch';

interface SeenRequest {
  url: string;
  headers: Record<string, string>;
}

/** Answers every call with an empty success envelope, keeping what was asked and with which headers. */
function recordFetches(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      seen.push({ url, headers: { ...(init.headers as Record<string, string> | undefined) } });
      const body = url.startsWith('/api/') ? { success: true, data: {} } : [];
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
  return seen;
}

const CATEGORY_ID = '1378b2db-f8b7-408c-9801-678c1f65fa58';
const SONG_ID = '9d1f7a5c-0b55-4c1e-8a0e-0d7f3c1b2a64';
const ADDRESSES: Record<string, string> = {
  '/': '/',
  '/songs': '/songs',
  '/songs/:id': `/songs/${SONG_ID}`,
  '/categories': '/categories',
  '/categories/:id': `/categories/${CATEGORY_ID}`,
  '/login': '/login',
  '/register': '/register',
};

async function prefetchAddress(address: string) {
  const seen = recordFetches();
  const url = new URL(address, 'http://localhost');
  const match = matchLandingRoute(url.pathname);
  if (!match) throw new Error(`no landing route for ${address}`);
  PAGE_STARTS[match.route.pattern]?.prefetch(createQueryClient(), { id: match.id, search: url.searchParams });
  // The calls start at once; let the mocked answers settle.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { seen, reads: match.route.publicReads(match.id, url.searchParams) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

/** Reads a page starts itself, never hinted: the platform settings must show an admin's switch at once. */
const UNHINTED: Record<string, string[]> = {
  '/login': ['/api/public/public-settings'],
  '/register': ['/api/public/public-settings'],
};

describe('the landing routes’ prefetch', () => {
  it('starts, for each public page, exactly the public reads the server names in its preloads', async () => {
    for (const route of LANDING_ROUTES) {
      expect(PAGE_STARTS[route.pattern], route.pattern).toBeDefined();
      const { seen, reads } = await prefetchAddress(ADDRESSES[route.pattern] ?? '');
      const expected = [...reads, ...(UNHINTED[route.pattern] ?? [])];
      expect(seen.map((request) => request.url).sort(), route.pattern).toEqual(expected.sort());
    }
  });

  it('sends those reads bare, as a preload sends them: no token, no header of ours', async () => {
    startSession('fan-token', { _id: 'fan-1', name: 'Kofi', role: 'fan' });
    const { seen } = await prefetchAddress(`/categories/${CATEGORY_ID}`);
    const publicReads = seen.filter((request) => !request.url.startsWith('/api/votes/'));
    expect(publicReads.length).toBeGreaterThan(0);
    for (const request of publicReads) expect(request.headers, request.url).toEqual({});
  });

  it('asks a signed-in fan’s vote check beside the category’s data, with the fan’s token', async () => {
    startSession('fan-token', { _id: 'fan-1', name: 'Kofi', role: 'fan' });
    const { seen } = await prefetchAddress(`/categories/${CATEGORY_ID}`);
    const check = seen.find((request) => request.url === `/api/votes/check/${CATEGORY_ID}`);
    expect(check?.headers.authorization).toBe('Bearer fan-token');
    expect(seen.map((request) => request.url)).toContain(`/api/categories/${CATEGORY_ID}`);

    const song = await prefetchAddress(`/songs/${SONG_ID}`);
    expect(song.seen.map((request) => request.url)).toContain(`/api/votes/check-song/${SONG_ID}`);
  });

  it('asks no vote check for a guest, and sends an admin’s token with the public reads', async () => {
    const guest = await prefetchAddress(`/categories/${CATEGORY_ID}`);
    expect(guest.seen.some((request) => request.url.startsWith('/api/votes/'))).toBe(false);

    startSession('admin-token', { _id: 'admin-1', name: 'Ada', role: 'admin' });
    const admin = await prefetchAddress(`/categories/${CATEGORY_ID}`);
    expect(admin.seen.some((request) => request.url.startsWith('/api/votes/'))).toBe(false);
    for (const request of admin.seen) expect(request.headers.authorization).toBe('Bearer admin-token');
  });

  it('lists a filtered songs page the way the page reads its filters', async () => {
    const { seen } = await prefetchAddress('/songs?q=highlife&page=2');
    expect(seen.map((request) => request.url)).toContain(
      '/api/songs?page=2&limit=12&sortBy=createdAt&sortOrder=desc&search=highlife',
    );
  });
});

describe('matchLandingRoute', () => {
  it('matches the public pages and their ids, and nothing else', () => {
    expect(matchLandingRoute('/')?.route.pattern).toBe('/');
    expect(matchLandingRoute('/songs/')?.route.pattern).toBe('/songs');
    expect(matchLandingRoute(`/categories/${CATEGORY_ID}`)).toMatchObject({
      route: { pattern: '/categories/:id' },
      id: CATEGORY_ID,
    });
    expect(matchLandingRoute('/admin')).toBeUndefined();
    expect(matchLandingRoute('/songs/a/b')).toBeUndefined();
    expect(matchLandingRoute('/songs/%3Cscript%3E')).toBeUndefined();
  });
});
