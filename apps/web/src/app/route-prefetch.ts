import { matchLandingRoute } from '@ovation/shared/landing-routes';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { categoriesQuery, categoryDetailQuery } from '../domain/categories/api/use-categories';
import { countriesQuery } from '../domain/places/api/countries';
import { songDetailQuery, songListQuery } from '../domain/songs/api/use-songs';
import { statsQuery } from '../domain/stats/api/use-stats';
import { categoryEligibilityQuery, isFan, songEligibilityQuery } from '../domain/voting/api/use-eligibility';
import { votingStatusQuery } from '../domain/voting/api/use-voting-status';
import { prefetchHomeData } from '../features/home/api/prefetch-home';
import { readSongsFilters, toSongListParams } from '../features/songs/songs-query-state';
import { preloadNamespaces } from '../lib/i18n';
import { publicSettingsQuery } from '../lib/public-settings';
import { getSession, hasRole } from '../lib/session';

export type PageModule = { default: ComponentType };

/** The code of each public landing page: the router renders these, and navigation starts them early. */
export const publicPages = {
  home: () => import('../features/home/components/home-page'),
  login: () => import('../features/auth/pages/login-page'),
  register: () => import('../features/auth/pages/register-page'),
  songs: () => import('../features/songs/pages/songs-page'),
  song: () => import('../features/songs/pages/song-detail-page'),
  categories: () => import('../features/categories/pages/categories-page'),
  category: () => import('../features/categories/pages/category-detail-page'),
} satisfies Record<string, () => Promise<PageModule>>;

interface RouteMatch {
  id: string;
  search: URLSearchParams;
}

interface PageStart {
  load: () => Promise<PageModule>;
  /** Starts the page's API calls, through the same query definitions its hooks use. */
  prefetch: (queryClient: QueryClient, match: RouteMatch) => void;
}

/** The signed-in fan's id, for the vote checks that come with a page; '' for everyone else. */
function fanId(): string {
  const session = getSession();
  return isFan(session) ? session.user._id : '';
}

/** Each landing route of the shared table (its pattern, catalogs and public reads): its code and calls. */
export const PAGE_STARTS: Readonly<Record<string, PageStart>> = {
  '/': {
    load: publicPages.home,
    prefetch: (queryClient) => prefetchHomeData(queryClient),
  },
  '/songs': {
    load: publicPages.songs,
    prefetch: (queryClient, { search }) => {
      const filters = readSongsFilters(search, hasRole(getSession(), ['admin']));
      void queryClient.prefetchQuery(songListQuery(toSongListParams(filters)));
      void queryClient.prefetchQuery(categoriesQuery);
      void queryClient.prefetchQuery(statsQuery);
    },
  },
  '/songs/:id': {
    load: publicPages.song,
    prefetch: (queryClient, { id }) => {
      void queryClient.prefetchQuery(songDetailQuery(id));
      void queryClient.prefetchQuery(votingStatusQuery);
      const userId = fanId();
      if (userId) void queryClient.prefetchQuery(songEligibilityQuery(userId, id));
    },
  },
  '/categories': {
    load: publicPages.categories,
    prefetch: (queryClient) => {
      void queryClient.prefetchQuery(categoriesQuery);
    },
  },
  '/categories/:id': {
    load: publicPages.category,
    prefetch: (queryClient, { id }) => {
      void queryClient.prefetchQuery(categoryDetailQuery(id));
      void queryClient.prefetchQuery(categoriesQuery);
      void queryClient.prefetchQuery(votingStatusQuery);
      const userId = fanId();
      if (userId) void queryClient.prefetchQuery(categoryEligibilityQuery(userId, id));
    },
  },
  '/login': {
    load: publicPages.login,
    prefetch: (queryClient) => {
      void queryClient.prefetchQuery(publicSettingsQuery);
    },
  },
  '/register': {
    load: publicPages.register,
    prefetch: (queryClient) => {
      void queryClient.prefetchQuery(publicSettingsQuery);
      void queryClient.prefetchQuery(countriesQuery);
    },
  },
};

/**
 * Starts everything a public page needs at once: its code, its catalogs and its API calls, so on a slow
 * network they travel side by side instead of one after the other (code, then texts, then data). Called
 * for the landing address before the first render and for a link as soon as it is pointed at or followed.
 * Fresh answers already cached are not fetched again, and the browser loads a chunk only once.
 */
export function prefetchRoute(queryClient: QueryClient, url: { pathname: string; search: string }): void {
  const match = matchLandingRoute(url.pathname);
  const start = match && PAGE_STARTS[match.route.pattern];
  if (!match || !start) return;
  start.load().catch(() => {
    // The router asks again when it renders the page, and shows its reload offer if that fails too.
  });
  preloadNamespaces(match.route.namespaces);
  start.prefetch(queryClient, { id: match.id, search: new URLSearchParams(url.search) });
}
