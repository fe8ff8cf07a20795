import type { Standings } from '@ovation/shared';
import { isAdmin, type Viewer } from '../../lib/viewer';

/*
 * Who sees the results, and how: until an admin publishes them, no public answer carries a vote total or
 * a winner. The features that show songs and categories call these through results-service.ts.
 */

/** The results setting as the public side needs it. */
export interface PublicResults {
  published: boolean;
  showLiveStandings: boolean;
}

/** How a public category page ranks its songs under these settings. */
export function standingsOf(results: PublicResults): Standings {
  if (results.published) return 'final';
  return results.showLiveStandings ? 'live' : 'hidden';
}

/**
 * Vote totals and winners (and sorting by votes, which would reveal their order): admins always, everyone
 * once the results are published.
 */
export function seesResults(viewer: Viewer, results: Pick<PublicResults, 'published'>): boolean {
  return isAdmin(viewer) || results.published;
}

/** Songs in ranked order (without numbers while live): admins always, everyone unless standings are hidden. */
export function seesRanking(viewer: Viewer, results: PublicResults): boolean {
  return isAdmin(viewer) || standingsOf(results) !== 'hidden';
}
