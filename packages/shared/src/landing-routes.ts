import { HOME_FEATURED_SONG_COUNT, SONGS_PAGE_SIZE } from './constants';

/**
 * The public pages a visitor may land on, what each needs from the start and where its code lives. The web
 * app starts these at navigation (apps/web/src/app/route-prefetch.ts) and the server names them in the
 * page's HTML as preloads, so both sides read one table and ask for the very same addresses.
 */
export interface LandingRoute {
  /** `/songs/:id` style: `:id` matches one segment. */
  pattern: string;
  /** The page's module, from the web app's folder: the build manifest's key for its chunk. */
  pageModule: string;
  /** The catalogs the page reads besides the shell's ('translation'). */
  namespaces: readonly string[];
  /**
   * The public reads the page makes, as the web client's fetch sends them (same address, same query order,
   * no credentials): answers that are the same for every guest and fan.
   */
  publicReads: (id: string, search: URLSearchParams) => string[];
}

const VOTING_STATUS = '/api/voting-settings/status';
const CATEGORIES = '/api/categories';
const STATS = '/api/stats';
/** The static country and state list the sign-up form reads (a file of the build). */
const COUNTRIES = '/assets/countries-optimized.json';

/** The query order of the web client's songs list (page, limit, sortBy, sortOrder). */
const FEATURED_SONGS = `/api/songs?limit=${HOME_FEATURED_SONG_COUNT}&sortBy=createdAt&sortOrder=desc`;
const FIRST_SONGS_PAGE = `/api/songs?page=1&limit=${SONGS_PAGE_SIZE}&sortBy=createdAt&sortOrder=desc`;

export const LANDING_ROUTES: readonly LandingRoute[] = [
  {
    pattern: '/',
    pageModule: 'src/features/home/components/home-page.tsx',
    namespaces: [],
    publicReads: () => ['/api/stats/banners', STATS, CATEGORIES, FEATURED_SONGS, VOTING_STATUS],
  },
  {
    pattern: '/songs',
    pageModule: 'src/features/songs/pages/songs-page.tsx',
    namespaces: ['songs'],
    // A filtered list (?q=, ?category=, ?page=) is left to the page, which reads its filters itself.
    publicReads: (_id, search) => [...(search.size === 0 ? [FIRST_SONGS_PAGE] : []), CATEGORIES, STATS],
  },
  {
    pattern: '/songs/:id',
    pageModule: 'src/features/songs/pages/song-detail-page.tsx',
    namespaces: ['songs'],
    publicReads: (id) => [`/api/songs/${id}`, VOTING_STATUS],
  },
  {
    pattern: '/categories',
    pageModule: 'src/features/categories/pages/categories-page.tsx',
    namespaces: ['categories', 'songs'],
    publicReads: () => [CATEGORIES],
  },
  {
    pattern: '/categories/:id',
    pageModule: 'src/features/categories/pages/category-detail-page.tsx',
    namespaces: ['categories', 'songs'],
    publicReads: (id) => [`/api/categories/${id}`, CATEGORIES, VOTING_STATUS],
  },
  {
    pattern: '/login',
    pageModule: 'src/features/auth/pages/login-page.tsx',
    namespaces: ['auth'],
    // The platform settings are not hinted: a hint may be answered from the browser's cache within the
    // answer's stale-while-revalidate, and an admin's switch (registration closed) must show at once.
    publicReads: () => [],
  },
  {
    pattern: '/register',
    pageModule: 'src/features/auth/pages/register-page.tsx',
    namespaces: ['auth'],
    publicReads: () => [COUNTRIES],
  },
];

/** Ids the pages' reads put in an address as they are: anything else is left to the page to ask for. */
const PLAIN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The landing route a path opens, with its `:id`; undefined for every other page. */
export function matchLandingRoute(pathname: string): { route: LandingRoute; id: string } | undefined {
  const segments = pathname === '/' ? [] : pathname.replace(/\/+$/, '').split('/').slice(1);
  for (const route of LANDING_ROUTES) {
    const parts = route.pattern === '/' ? [] : route.pattern.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    let id = '';
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part !== ':id') return part === segment;
      id = segment;
      return PLAIN_ID.test(segment);
    });
    if (matches) return { route, id };
  }
  return undefined;
}
