import type { VotingStatus } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { findNetworkTiming, narrowSample, serverClock } from '../server-clock';

export const votingKeys = {
  status: ['voting', 'status'] as const,
};

/** 30 s: the server caches the voting status for as long (the public spec). */
const VOTING_STATUS_STALE_MS = 30_000;

const STATUS_PATH = '/voting-settings/status';

/** GET /voting-settings/status; its `serverTime`, with the round trip, sets the app's server clock. */
export async function fetchVotingStatus(signal?: AbortSignal): Promise<VotingStatus> {
  const startedAt = performance.now();
  const sentAt = Date.now();
  const status = await apiGet<VotingStatus>(STATUS_PATH, { signal, publicRead: true });
  const receivedAt = Date.now();
  const sample = { sentAt, receivedAt, serverTime: Date.parse(status.serverTime) };
  const timing = findNetworkTiming(STATUS_PATH, startedAt);
  serverClock.record(narrowSample(sample, timing, { device: Date.now(), perf: performance.now() }));
  return status;
}

export const votingStatusQuery = queryOptions({
  queryKey: votingKeys.status,
  queryFn: ({ signal }) => fetchVotingStatus(signal),
  staleTime: VOTING_STATUS_STALE_MS,
});

/** Whether voting is open now, and the period. When it fails, callers use the default period. */
export function useVotingStatus() {
  return useQuery(votingStatusQuery);
}
