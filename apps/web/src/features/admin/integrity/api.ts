import type { AdminAnalytics } from '@ovation/shared/schemas/admin-analytics';
import {
  integrityReportFilename,
  MAX_REVIEW_REASON_LENGTH,
  MIN_REVIEW_REASON_LENGTH,
  type VoteActionResult,
  type VoteReview,
} from '@ovation/shared/schemas/admin-integrity-actions';
import type {
  IntegritySignals,
  IntegrityVote,
  SignalWindow,
  VoteCluster,
} from '@ovation/shared/schemas/admin-integrity-signals';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest, type QueryValue } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export type {
  VoteActionResult,
  VoteReview,
  VoteReviewStatus,
} from '@ovation/shared/schemas/admin-integrity-actions';
export type {
  ClusterKind,
  IntegritySignals,
  IntegrityVote,
  SignalWindow,
  VoteCluster,
  VoteStatus,
} from '@ovation/shared/schemas/admin-integrity-signals';
export { SIGNAL_WINDOWS, VOTE_STATUSES } from '@ovation/shared/schemas/admin-integrity-signals';

/** The reason's length (3..500 characters), so the audit log and the report say why. */
export const REASON_MIN_LENGTH = MIN_REVIEW_REASON_LENGTH;
export const REASON_MAX_LENGTH = MAX_REVIEW_REASON_LENGTH;

/** One song's votes per minute (or per wider bucket on long windows) and its spikes. */
export type VelocitySeries = IntegritySignals['velocity']['series'][number];

/** Which votes a list or an action is about: a cluster's filter as the signals gave it, or a review's. */
export type VoteFilter = VoteCluster['filter'];

/** Rows per page of the votes behind a signal (the contract's default). */
export const VOTES_PAGE_SIZE = 50;
/** Decided reviews per page: the admin lists' page size (the admin spec). */
export const REVIEWS_PAGE_SIZE = 20;
/** Open reviews per page: the admin lists' largest page, so the open ones usually fit on one. */
export const OPEN_REVIEWS_PAGE_SIZE = 100;

export const integrityKeys = {
  all: ['admin', 'integrity'] as const,
  signals: (categoryId: string, window: SignalWindow) =>
    [...integrityKeys.all, 'signals', { categoryId, window }] as const,
  votes: (filter: VoteFilter, page: number) => [...integrityKeys.all, 'votes', filter, page] as const,
  reviews: (status: 'open' | 'decided', page: number) =>
    [...integrityKeys.all, 'reviews', status, page] as const,
};

/**
 * What a change of vote states makes stale beyond this screen: the analytics (rankings, totals), the
 * dashboard's totals and the public pages' songs. Named by value: screens do not import each other.
 */
export const STALE_AFTER_VOTE_CHANGE = [
  integrityKeys.all,
  ['admin', 'analytics'] as const,
  ['admin', 'dashboard'] as const,
  ['categories'] as const,
  ['songs'] as const,
];

/** A VoteFilter as query parameters (the list call reads them from the query string). */
export function filterQuery(filter: VoteFilter): Record<string, QueryValue> {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''),
  );
}

/** GET /admin/integrity/signals: velocity and clusters, overall ('' ) or for one category. */
export function signalsQuery(categoryId: string, window: SignalWindow) {
  return queryOptions({
    queryKey: integrityKeys.signals(categoryId, window),
    queryFn: ({ signal }) =>
      apiGet<IntegritySignals>('/admin/integrity/signals', {
        query: { categoryId: categoryId || undefined, window },
        signal,
      }),
    placeholderData: keepPreviousData,
    // Signals move while voting goes on: refreshed each minute while the screen is open.
    refetchInterval: 60_000,
  });
}

/** GET /admin/integrity/votes: one page of the votes a filter matches, newest first. */
export function votesQuery(filter: VoteFilter, page: number) {
  return queryOptions({
    queryKey: integrityKeys.votes(filter, page),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<IntegrityVote[]>('/admin/integrity/votes', {
        query: { ...filterQuery(filter), page, limit: VOTES_PAGE_SIZE },
        signal,
      });
      return { votes: result.data, pagination: result.pagination as Pagination | undefined };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/integrity/reviews: open reviews (100 a page) or decided ones (20 a page). */
export function reviewsQuery(status: 'open' | 'decided', page: number) {
  return queryOptions({
    queryKey: integrityKeys.reviews(status, page),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<VoteReview[]>('/admin/integrity/reviews', {
        query: { status, page, limit: status === 'open' ? OPEN_REVIEWS_PAGE_SIZE : REVIEWS_PAGE_SIZE },
        signal,
      });
      return { reviews: result.data, pagination: result.pagination as Pagination | undefined };
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * Every quarantined vote, counted (GET /admin/analytics `totals.quarantinedVotes`): the votes awaiting a
 * decision when the open reviews do not fit on one page (the reviews list gives no sum of them). Under
 * the analytics' keys, so a change of vote states refreshes it with them.
 */
export const quarantinedTotalQuery = queryOptions({
  queryKey: ['admin', 'analytics', 'quarantined-votes'] as const,
  queryFn: async ({ signal }) =>
    (await apiGet<AdminAnalytics>('/admin/analytics', { signal })).totals.quarantinedVotes,
});

/** POST /admin/integrity/quarantine: a selection (voteIds) or every valid vote a filter matches. */
export function quarantineVotes(input: {
  reason: string;
  voteIds?: number[];
  filter?: VoteFilter;
  label?: string;
}) {
  return apiRequest<VoteActionResult>('/admin/integrity/quarantine', { method: 'POST', body: input });
}

/** POST /admin/integrity/reviews/:id/invalidate: the review's quarantined votes become invalid. */
export function invalidateReview({ id, note }: { id: number; note?: string }) {
  return apiRequest<VoteActionResult>(`/admin/integrity/reviews/${id}/invalidate`, {
    method: 'POST',
    body: note ? { note } : {},
  });
}

/** POST /admin/integrity/reviews/:id/restore: the review's quarantined votes (all, or some) count again. */
export function restoreReview({ id, voteIds, note }: { id: number; voteIds?: number[]; note?: string }) {
  return apiRequest<VoteActionResult>(`/admin/integrity/reviews/${id}/restore`, {
    method: 'POST',
    body: { ...(voteIds ? { voteIds } : {}), ...(note ? { note } : {}) },
  });
}

/** GET /admin/integrity/report: the per-category CSV, saved under the server's name. */
export function downloadIntegrityReport() {
  return downloadFile(
    '/admin/integrity/report',
    {},
    integrityReportFilename(new Date().toISOString().slice(0, 10)),
  );
}
