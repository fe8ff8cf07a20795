import type { VotingStatus } from '@ovation/shared';
import { DEFAULT_VOTING_PERIOD } from '@ovation/shared/constants';

/** The awards week the tab title and the timeline announce (spec 1 section 1). */
export const EVENT_DATES = { start: '2025-11-25', end: '2025-11-30' } as const;

export type VotingPhase = 'notStarted' | 'active' | 'ended';

export interface VotingPeriod {
  phase: VotingPhase;
  start: Date;
  end: Date;
  /** The moment the phase was computed for: the server's clock when known (phone clocks drift). */
  now: Date;
  /**
   * True only while the start is still ahead. A vote the admin disabled after the start also reads as
   * "not started" (spec 1 section 4), but has no date to count down to or announce.
   */
  opensLater: boolean;
}

/**
 * Turns the status call (or its absence) into the phase the interface shows. Without an answer the client
 * computes it from the default period (spec 1 section 4). A disabled vote inside the period reads as
 * "not started", as the spec maps that reason.
 */
export function resolveVotingPeriod(status: VotingStatus | undefined, clientNow = new Date()): VotingPeriod {
  const start = new Date(status?.period.startDate ?? status?.startDate ?? DEFAULT_VOTING_PERIOD.startDate);
  const end = new Date(status?.period.endDate ?? status?.endDate ?? DEFAULT_VOTING_PERIOD.endDate);
  const now = status?.serverTime ? new Date(status.serverTime) : clientNow;
  let phase: VotingPhase;
  if (status) phase = status.isAllowed ? 'active' : now > end ? 'ended' : 'notStarted';
  else phase = now < start ? 'notStarted' : now > end ? 'ended' : 'active';
  return { phase, start, end, now, opensLater: now < start };
}
