import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { callApi } from './api';
import { apiAs } from './session';

/**
 * The voting window, set and put back by the journeys that move it. The e2e server is shared by every
 * test file in a run: a journey reads the window first and restores it when it ends, pass or fail.
 */
export function readVotingWindow(baseUrl: string, adminToken: string) {
  return apiAs<VotingSettings>(baseUrl, adminToken, '/voting-settings');
}

export async function setVotingWindow(
  baseUrl: string,
  adminToken: string,
  window: Pick<VotingSettings, 'isEnabled' | 'startDate' | 'endDate' | 'timezone' | 'notes'>,
) {
  const { isEnabled, startDate, endDate, timezone, notes } = window;
  const response = await callApi(baseUrl, adminToken, 'PUT', '/voting-settings', {
    isEnabled,
    startDate,
    endDate,
    timezone,
    notes,
  });
  if (!response.ok) throw new Error(`Could not set the voting window: ${response.status}`);
}

/** The server's clock now (ms): the voting status carries it. */
export async function serverNow(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/voting-settings/status`);
  const body = (await response.json()) as { data: { serverTime: string } };
  return Date.parse(body.data.serverTime);
}
