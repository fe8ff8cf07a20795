import type { AuditActions, AuditEntry } from '@ovation/shared/schemas/admin-dashboard';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** The audit list's filters, as the URL holds them ('' for none). */
export interface AuditFilters {
  page: number;
  actor: string;
  action: string;
  from: string;
  to: string;
}

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  actions: () => [...auditKeys.all, 'actions'] as const,
};

/** GET /admin/audit: one page of entries, newest first; the previous page stays while the next loads. */
export function auditListQuery(filters: AuditFilters) {
  return queryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<AuditEntry[]>('/admin/audit', {
        query: { ...filters, page: filters.page },
        signal,
      });
      return { entries: result.data, pagination: result.pagination as Pagination };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/audit/actions: the action filter's choices and the timezone dates are read in. */
export const auditActionsQuery = queryOptions({
  queryKey: auditKeys.actions(),
  queryFn: ({ signal }) => apiGet<AuditActions>('/admin/audit/actions', { signal }),
  staleTime: 5 * 60 * 1000,
});

/**
 * GET /admin/audit/export: every entry matching the list's filters (not only this page) as a CSV, saved
 * under the server's dated name. The server audits the export itself.
 */
export function exportAuditLog(filters: AuditFilters) {
  const { actor, action, from, to } = filters;
  return downloadFile('/admin/audit/export', { actor, action, from, to }, 'audit-log.csv');
}
