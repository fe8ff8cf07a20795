import type { Role } from '@ovation/shared/constants';
import {
  type AdminUser,
  type AdminUserRoleFilter,
  type AdminUserSort,
  USER_EXPORT_FILENAME,
  type UserBulkBody,
  type UserBulkOutcome,
  type UserFilterOptions,
  type UserStats,
} from '@ovation/shared/schemas/admin-users';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import type { PrivacyRequest } from '@ovation/shared/schemas/privacy';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

export interface AdminUsersFilters {
  page: number;
  search: string;
  role: AdminUserRoleFilter;
  country: string;
  state: string;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
}

/** Query keys of the screen: the list pages, the tiles and the filter choices all sit under `all`. */
export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (filters: AdminUsersFilters) => [...adminUsersKeys.all, 'list', filters] as const,
  stats: () => [...adminUsersKeys.all, 'stats'] as const,
  filters: (country: string) => [...adminUsersKeys.all, 'filters', country] as const,
};

/** The filters as the API reads them (`all` and empty mean none). */
function filterQuery(filters: Omit<AdminUsersFilters, 'page'>) {
  return {
    search: filters.search || undefined,
    role: filters.role === 'all' ? undefined : filters.role,
    country: filters.country || undefined,
    state: filters.state || undefined,
  };
}

export function useAdminUsers(filters: AdminUsersFilters) {
  return useQuery(
    queryOptions({
      queryKey: adminUsersKeys.list(filters),
      queryFn: async ({ signal }) => {
        const result = await apiRequest<AdminUser[]>('/admin/users', {
          query: { page: filters.page, ...filterQuery(filters), sort: filters.sort, order: filters.order },
          signal,
        });
        return { users: result.data, pagination: result.pagination as Pagination };
      },
      // The previous page stays on screen (dimmed) while the next one loads.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useUserStats() {
  return useQuery({
    queryKey: adminUsersKeys.stats(),
    queryFn: ({ signal }) => apiGet<UserStats>('/admin/users/stats', { signal }),
  });
}

/** The countries users registered with, and the states of `country` (all states without one). */
export function useUserFilterOptions(country: string) {
  return useQuery({
    queryKey: adminUsersKeys.filters(country),
    queryFn: ({ signal }) =>
      apiGet<UserFilterOptions>('/admin/users/filters', { query: { country: country || undefined }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** PATCH /admin/users/{id}/status */
export function setUserActive(user: AdminUser, isActive: boolean) {
  return apiRequest<AdminUser>(`/admin/users/${user._id}/status`, { method: 'PATCH', body: { isActive } });
}

/** PATCH /admin/users/{id}/role */
export function setUserRole(user: AdminUser, role: Role) {
  return apiRequest<AdminUser>(`/admin/users/${user._id}/role`, { method: 'PATCH', body: { role } });
}

/** DELETE /admin/users/{id}/sessions: signs the user out everywhere. */
export function endUserSessions(user: AdminUser) {
  return apiRequest<AdminUser>(`/admin/users/${user._id}/sessions`, { method: 'DELETE' });
}

/** POST /admin/users/:id/second-factor/reset: another admin's two-step sign-in, reset (audited). */
export function resetSecondFactor(user: AdminUser) {
  return apiRequest(`/admin/users/${user._id}/second-factor/reset`, { method: 'POST' });
}

/** POST /admin/users/bulk: one action on the selected users; each user's result (done, unchanged, skipped). */
export async function bulkUserAction(body: UserBulkBody): Promise<UserBulkOutcome> {
  const result = await apiRequest<UserBulkOutcome>('/admin/users/bulk', { method: 'POST', body });
  return result.data;
}

/** GET /admin/export/users: every user matching the filters, saved as users-export.xlsx. */
export function exportUsers(filters: Omit<AdminUsersFilters, 'page'>) {
  return downloadFile(
    '/admin/export/users',
    { format: 'excel', ...filterQuery(filters) },
    USER_EXPORT_FILENAME,
  );
}

/** A user's requests about their data, as admins answered them (newest first). */
export function privacyRequestsQuery(userId: string) {
  return queryOptions({
    queryKey: [...adminUsersKeys.all, 'privacy-requests', userId] as const,
    queryFn: ({ signal }) => apiGet<PrivacyRequest[]>(`/admin/users/${userId}/privacy-requests`, { signal }),
  });
}

/** Answers a request for a copy of a user's data: records it and saves the same file they would download. */
export function answerAccessRequest(input: { userId: string; receivedAt: string }) {
  return downloadFile(`/admin/users/${input.userId}/privacy-requests/access`, {}, 'ovation-user-data.json', {
    body: { receivedAt: input.receivedAt },
  });
}

/** Answers a request to delete a user's account; answers the server's confirmation. */
export async function answerDeletionRequest(input: { userId: string; receivedAt: string }): Promise<string> {
  const result = await apiRequest<{ restorableUntil: string }>(
    `/admin/users/${input.userId}/privacy-requests/deletion`,
    { method: 'POST', body: { receivedAt: input.receivedAt } },
  );
  return result.message ?? '';
}
