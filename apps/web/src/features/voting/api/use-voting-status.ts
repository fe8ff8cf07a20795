import type { VotingStatus } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const votingKeys = {
  status: ['voting', 'status'] as const,
};

/** 30 s: the server caches the voting status for as long (spec 1 section 9). */
const VOTING_STATUS_STALE_MS = 30_000;

export const votingStatusQuery = queryOptions({
  queryKey: votingKeys.status,
  queryFn: ({ signal }) => apiGet<VotingStatus>('/voting-settings/status', { signal }),
  staleTime: VOTING_STATUS_STALE_MS,
});

/** Whether voting is open now, and the period. When it fails, callers use the default period. */
export function useVotingStatus() {
  return useQuery(votingStatusQuery);
}
