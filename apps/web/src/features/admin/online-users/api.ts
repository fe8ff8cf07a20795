import {
  ONLINE_USERS_REFRESH_SECONDS,
  type OnlineCleanupResult,
  type OnlineSession,
  type OnlineStats,
  type OnlineUserRoleFilter,
} from '@ovation/shared/schemas/admin-online-users';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

export type {
  DeviceType,
  OnlineSession,
  OnlineStats,
  OnlineUserRoleFilter,
} from '@ovation/shared/schemas/admin-online-users';
export { DEVICE_TYPES, ONLINE_USER_ROLE_FILTERS } from '@ovation/shared/schemas/admin-online-users';

/** The admin spec: the list and the figures refresh every 30 s while auto-refresh is on. */
export const AUTO_REFRESH_MS = ONLINE_USERS_REFRESH_SECONDS * 1000;

export interface OnlineUsersFilters {
  page: number;
  search: string;
  role: OnlineUserRoleFilter;
}

/** Query keys of the screen: the list pages and the figures sit under `all` (Refresh, Remove and Cleanup). */
export const onlineUsersKeys = {
  all: ['admin', 'online-users'] as const,
  list: (filters: OnlineUsersFilters) => [...onlineUsersKeys.all, 'list', filters] as const,
  stats: () => [...onlineUsersKeys.all, 'stats'] as const,
};

/**
 * How often a query refetches by itself: every 30 s while auto-refresh is on, never in a hidden tab
 * (TanStack Query pauses the interval there and refetches when the tab is seen again, on focus).
 */
function refreshing(autoRefresh: boolean) {
  return {
    refetchInterval: autoRefresh ? AUTO_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  } as const;
}

/** GET /online-users: one page of the live sessions, most recent activity first. */
export function useOnlineUsers(filters: OnlineUsersFilters, autoRefresh: boolean) {
  return useQuery({
    queryKey: onlineUsersKeys.list(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<OnlineSession[]>('/online-users', {
        query: {
          page: filters.page,
          search: filters.search || undefined,
          role: filters.role === 'all' ? undefined : filters.role,
        },
        signal,
      });
      return { sessions: result.data, pagination: result.pagination as Pagination | undefined };
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    ...refreshing(autoRefresh),
  });
}

/** GET /online-users/stats: the cards, Users by Role and Device Statistics (a summary at most a minute old). */
export function useOnlineStats(autoRefresh: boolean) {
  return useQuery({
    queryKey: onlineUsersKeys.stats(),
    queryFn: ({ signal }) => apiGet<OnlineStats>('/online-users/stats', { signal }),
    ...refreshing(autoRefresh),
  });
}

/** POST /online-users/cleanup: ends the sessions idle longer than the inactivity limit. */
export function cleanupInactive() {
  return apiRequest<OnlineCleanupResult>('/online-users/cleanup', { method: 'POST' });
}

/** DELETE /online-users/{sessionId}: signs that session out (the user must sign in again). */
export function removeSession(session: OnlineSession) {
  return apiRequest<null>(`/online-users/${encodeURIComponent(session._id)}`, { method: 'DELETE' });
}
