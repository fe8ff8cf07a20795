import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

export { PUBLIC_SETTINGS_KEYS, platformSettingsQuery } from '../lib/platform-settings';

/** PUT /admin/settings with the full object (the admin spec); the answer replaces the screen's state. */
export async function savePlatformSettings(settings: PlatformSettings): Promise<PlatformSettings> {
  return (await apiRequest<PlatformSettings>('/admin/settings', { method: 'PUT', body: settings })).data;
}

/** 15 s: a window that opened while the screen was open is noticed before the next change. */
const VOTING_OPEN_STALE_MS = 15_000;

/**
 * Whether fans can vote right now (GET /voting-settings: currentStatus.isAllowed): a change made while
 * they can asks for confirmation first.
 */
export const votingOpenQuery = queryOptions({
  queryKey: ['admin', 'settings', 'voting-open'] as const,
  queryFn: async ({ signal }) =>
    (await apiGet<VotingSettings>('/voting-settings', { signal })).currentStatus.isAllowed,
  staleTime: VOTING_OPEN_STALE_MS,
});
