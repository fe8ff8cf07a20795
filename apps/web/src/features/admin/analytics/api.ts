import type {
  AdminAnalytics,
  ResultsSettings,
  SelectWinnerBody,
  UpdateResultsBody,
  WinnerChange,
} from '@ovation/shared/schemas/admin-analytics';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export type {
  AdminAnalytics,
  AnalyticsCategory,
  AnalyticsSong,
  ResultsSettings,
} from '@ovation/shared/schemas/admin-analytics';

/** Query keys of the screen: everything sits under `all`, so one invalidation refreshes the page. */
export const analyticsKeys = {
  all: ['admin', 'analytics'] as const,
  overview: () => [...analyticsKeys.all, 'overview'] as const,
};

/**
 * The public pages' queries (features/categories and features/songs; the home page's lists use them too):
 * refetched after a winner or a visibility change, so this admin sees the public side follow. Named by value,
 * not imported: screens do not import other features.
 */
export const PUBLIC_RESULT_KEYS = [['categories'] as const, ['songs'] as const];

/** Songs each category shows at first: its leaders, so a category of 5,000 songs opens as fast as one of 5. */
export const LEADERS_PER_CATEGORY = 5;
/** Songs each "Show more" adds below the leaders. */
export const MORE_SONGS_PAGE = 50;

export const analyticsQuery = queryOptions({
  queryKey: analyticsKeys.overview(),
  queryFn: ({ signal }) =>
    apiGet<AdminAnalytics>('/admin/analytics', { signal, query: { songsPerCategory: LEADERS_PER_CATEGORY } }),
});

/** GET /admin/analytics: totals, the results settings and every category's leaders. */
export function useVoteAnalytics() {
  return useQuery(analyticsQuery);
}

/**
 * The songs of one category below its leaders, a page at a time, loaded only once the admin asks
 * (`enabled`): GET /admin/analytics?categoryId=…&offset=…&songsPerCategory=….
 */
export function useMoreSongs(categoryId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...analyticsKeys.all, 'category', categoryId] as const,
    enabled,
    initialPageParam: LEADERS_PER_CATEGORY,
    queryFn: async ({ pageParam, signal }) => {
      const answer = await apiGet<AdminAnalytics>('/admin/analytics', {
        signal,
        query: { categoryId, offset: pageParam, songsPerCategory: MORE_SONGS_PAGE },
      });
      return answer.categories[0]!;
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.songs.length;
      return last.songs.length > 0 && next < last.totalSongs ? next : undefined;
    },
  });
}

/**
 * POST /admin/categories/{categoryId}/winner. While voting is open the server answers 409
 * VOTING_STILL_OPEN unless `confirmVotingOpen` is true: the screen asks a second time, then resends.
 */
export function selectWinner(variables: SelectWinnerBody & { categoryId: string }) {
  const { categoryId, songId, confirmVotingOpen } = variables;
  return apiRequest<WinnerChange>(`/admin/categories/${categoryId}/winner`, {
    method: 'POST',
    body: confirmVotingOpen ? { songId, confirmVotingOpen: true } : { songId },
  });
}

/** DELETE /admin/categories/{categoryId}/winner: the category has no winner again. */
export function clearWinner(categoryId: string) {
  return apiRequest<WinnerChange>(`/admin/categories/${categoryId}/winner`, { method: 'DELETE' });
}

/** PUT /admin/results: both switches each time; an unchanged value is not audited. */
export async function saveResultsSettings(body: UpdateResultsBody) {
  return (await apiRequest<ResultsSettings>('/admin/results', { method: 'PUT', body })).data;
}

/** Today's date (the reader's clock) for the file name if the server does not name the file. */
function today() {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /admin/analytics/report: the vote report CSV, saved under the server's dated name. */
export function exportVoteReport() {
  return downloadFile('/admin/analytics/report', {}, `vote-report-${today()}.csv`);
}
