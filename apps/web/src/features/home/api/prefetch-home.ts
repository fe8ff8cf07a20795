import { HOME_FEATURED_SONG_COUNT } from '@ovation/shared/constants';
import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from '../../../domain/banners/api/use-banners';
import { categoriesQuery } from '../../../domain/categories/api/use-categories';
import { type SongListParams, songListQuery } from '../../../domain/songs/api/use-songs';
import { statsQuery } from '../../../domain/stats/api/use-stats';
import { votingStatusQuery } from '../../../domain/voting/api/use-voting-status';

/** The featured songs the home page lists: the newest, as many as it shows. */
export const FEATURED_SONGS_PARAMS: SongListParams = {
  limit: HOME_FEATURED_SONG_COUNT,
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

/**
 * Starts every request the home page makes, without waiting for them. The router calls it while the page's
 * own code is still downloading, so on a slow network the data and the code arrive together instead of
 * one after the other. Fresh cached answers are not fetched again.
 */
export function prefetchHomeData(queryClient: QueryClient) {
  void queryClient.prefetchQuery(bannersQuery);
  void queryClient.prefetchQuery(statsQuery);
  void queryClient.prefetchQuery(categoriesQuery);
  void queryClient.prefetchQuery(songListQuery(FEATURED_SONGS_PARAMS));
  void queryClient.prefetchQuery(votingStatusQuery);
}
