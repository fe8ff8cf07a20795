import type { VotingStatus } from '@ovation/shared';
import { DEFAULT_VOTING_PERIOD, type VotingReasonCode } from '@ovation/shared/constants';
import { serverClock } from './server-clock';

/** The shell-catalog words for each reason the voting status gives (`reasonCode`). */
export const VOTING_REASON_TEXT_KEYS = {
  active: 'voting.statusActive',
  disabled: 'errors.VOTING_DISABLED',
  notStarted: 'errors.VOTING_NOT_STARTED',
  ended: 'errors.VOTING_ENDED',
} as const satisfies Record<VotingReasonCode, string>;

/** The awards week the tab title and the timeline announce (the public spec). */
export const EVENT_DATES = { start: '2025-11-25', end: '2025-11-30' } as const;

/**
 * What the interface shows: not open yet, open, switched off by an admin (closed, with nothing to count
 * down to: only an admin's change reopens it), or over.
 */
export type VotingPhase = 'notStarted' | 'active' | 'closed' | 'ended';

export interface VotingPeriod {
  phase: VotingPhase;
  start: Date;
  end: Date;
  /** The moment the phase was computed for: the server's clock when known (phone clocks drift). */
  now: Date;
  /**
   * True only while the vote has not started and its start is still ahead: there is a date to count down
   * to and announce. Never for a vote an admin disabled, whatever its dates say.
   */
  opensLater: boolean;
}

const timeOf = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

/**
 * Turns the status call (or its absence) into the phase the interface shows, at `now` on the server's
 * clock. The phase follows the window's start and end locally, so every screen opens and closes the vote
 * at the second it happens without asking the server again (the server enforces the window on every vote
 * anyway). The server's `reasonCode` decides first: a vote the admin disabled reads as closed (ended once
 * its end is past), never as "opens soon", even when its start is still ahead. Without an answer the
 * client computes it from the default period.
 */
export function resolveVotingPeriod(
  status: VotingStatus | undefined,
  now = new Date(serverClock.now()),
): VotingPeriod {
  const start = new Date(status?.period.startDate ?? status?.startDate ?? DEFAULT_VOTING_PERIOD.startDate);
  const end = new Date(status?.period.endDate ?? status?.endDate ?? DEFAULT_VOTING_PERIOD.endDate);
  let phase: VotingPhase;
  if (!status) phase = now < start ? 'notStarted' : now > end ? 'ended' : 'active';
  else if (status.reasonCode === 'disabled') phase = now > end ? 'ended' : 'closed';
  else {
    // The server's own window: an unset start or end leaves that side open.
    const opens = timeOf(status.period.startDate ?? status.startDate);
    const closes = timeOf(status.period.endDate ?? status.endDate);
    const at = now.getTime();
    phase = opens !== null && at < opens ? 'notStarted' : closes !== null && at > closes ? 'ended' : 'active';
  }
  return { phase, start, end, now, opensLater: phase === 'notStarted' && now < start };
}

/**
 * The next moment (server clock, ms) the phase changes by itself: the start while it is ahead, else the
 * millisecond after the end (the server's window includes its last millisecond). Null when nothing is
 * ahead, or the admin disabled the vote (only an admin's change reopens it).
 */
export function nextPhaseChange(status: VotingStatus | undefined, now: number): number | null {
  if (status?.reasonCode === 'disabled') return null;
  const opens = status
    ? timeOf(status.period.startDate ?? status.startDate)
    : timeOf(DEFAULT_VOTING_PERIOD.startDate);
  const closes = status
    ? timeOf(status.period.endDate ?? status.endDate)
    : timeOf(DEFAULT_VOTING_PERIOD.endDate);
  if (opens !== null && now < opens) return opens;
  if (closes !== null && now <= closes) return closes + 1;
  return null;
}
