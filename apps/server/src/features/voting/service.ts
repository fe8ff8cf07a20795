import { VOTING_REASONS, type VotingStatus } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import * as repository from './repository';

/**
 * Whether voting is open now: enabled by the admin and inside the window. An unset start or end leaves
 * that side of the window open.
 */
export async function getVotingStatus(db: Database, clock: Clock): Promise<VotingStatus> {
  return votingStatusOf(await repository.findVotingSettings(db), clock.now());
}

/** The status a stored window (none: voting off) gives at `now`. */
export function votingStatusOf(
  settings: Pick<repository.VotingSettingsRow, 'isEnabled' | 'startDate' | 'endDate'> | undefined,
  now: Date,
): VotingStatus {
  const startDate = settings?.startDate ?? null;
  const endDate = settings?.endDate ?? null;
  let reason: string = VOTING_REASONS.active;
  if (!settings?.isEnabled) reason = VOTING_REASONS.disabled;
  else if (startDate && now < startDate) reason = VOTING_REASONS.notStarted;
  else if (endDate && now > endDate) reason = VOTING_REASONS.ended;
  const period = { startDate: startDate?.toISOString() ?? null, endDate: endDate?.toISOString() ?? null };
  return {
    isAllowed: reason === VOTING_REASONS.active,
    reason,
    ...period,
    period,
    serverTime: now.toISOString(),
  };
}
