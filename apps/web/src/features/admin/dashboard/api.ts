import type { AdminDashboard } from '@ovation/shared/schemas/admin-dashboard';
import type { AdminSong } from '@ovation/shared/schemas/admin-songs';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * Query keys of the dashboard. The pending songs sit under ['admin', 'songs'] (the moderation screen's
 * prefix), so a verify on either screen refreshes both; the figures and recent activity under
 * ['admin', 'dashboard'].
 */
export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  songs: ['admin', 'songs'] as const,
  pending: ['admin', 'songs', 'pending'] as const,
};

/** GET /admin/dashboard: the figures, the recent admin activity and the platform's timezone. */
export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: ({ signal }) => apiGet<AdminDashboard>('/admin/dashboard', { signal }),
});

/** GET /admin/songs/pending: the 5 oldest songs waiting for review (the admin spec). */
export const pendingSongsQuery = queryOptions({
  queryKey: dashboardKeys.pending,
  queryFn: ({ signal }) => apiGet<AdminSong[]>('/admin/songs/pending', { signal }),
});
