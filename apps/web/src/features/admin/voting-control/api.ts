import type { UpdateVotingSettingsBody, VotingSettings } from '@ovation/shared/schemas/voting';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

export const votingSettingsQuery = queryOptions({
  queryKey: ['admin', 'voting-settings'],
  queryFn: ({ signal }) => apiGet<VotingSettings>('/voting-settings', { signal }),
});

/** PUT /voting-settings: answers the stored settings with the status they give now. */
export async function saveVotingSettings(body: UpdateVotingSettingsBody): Promise<VotingSettings> {
  return (await apiRequest<VotingSettings>('/voting-settings', { method: 'PUT', body })).data;
}

/** POST /voting-settings/reset, with no body as the spec's client sends it. */
export async function resetVotingSettings(): Promise<VotingSettings> {
  return (await apiRequest<VotingSettings>('/voting-settings/reset', { method: 'POST' })).data;
}
