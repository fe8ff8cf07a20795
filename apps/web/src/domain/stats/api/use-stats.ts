import type { Stats } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const statsKeys = {
  public: ['stats'] as const,
};

/** What the stat tiles show while the backend is unreachable (the public spec: "zeroed stats"). */
export const ZERO_STATS: Stats = { totalSongs: 0, totalVotes: 0, totalUsers: 0, totalCategories: 0 };

export const statsQuery = queryOptions({
  queryKey: statsKeys.public,
  queryFn: ({ signal }) => apiGet<Stats>('/stats', { signal, publicRead: true }),
  staleTime: 60_000,
});

/** Public totals: songs, votes, users (fans) and categories. */
export function useStats() {
  return useQuery(statsQuery);
}
