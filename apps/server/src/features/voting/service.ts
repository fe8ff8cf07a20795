import { VOTING_REASONS, type VotingReasonCode, type VotingStatus } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { deleteBatchWitnessesBefore } from './cast-vote-repository';
import * as repository from './repository';

/** A batch's witness is read only moments after its batch (a lost connection); ten minutes is ample. */
export const BATCH_WITNESS_KEPT_MINUTES = 10;

/**
 * Deletes the vote batches' witnesses older than BATCH_WITNESS_KEPT_MINUTES (a scheduled job): they settle
 * a batch whose answer was lost, which is decided within seconds. Answers how many were deleted.
 */
export function pruneBatchWitnesses(db: Database, now: Date) {
  return deleteBatchWitnessesBefore(db, new Date(now.getTime() - BATCH_WITNESS_KEPT_MINUTES * 60_000));
}

/**
 * Whether voting is open now: enabled by the admin and inside the window. An unset start or end leaves
 * that side of the window open.
 */
export async function getVotingStatus(db: Database, clock: Clock): Promise<VotingStatus> {
  return votingStatusOf(await repository.findVotingSettings(db), clock.now());
}

/**
 * The status a stored window (none: voting off) gives at `now`: `reasonCode` says why, for clients to decide
 * and translate on; `reason` carries its English sentence for clients written against it.
 */
export function votingStatusOf(
  settings: Pick<repository.VotingSettingsRow, 'isEnabled' | 'startDate' | 'endDate'> | undefined,
  now: Date,
): VotingStatus {
  const startDate = settings?.startDate ?? null;
  const endDate = settings?.endDate ?? null;
  let reasonCode: VotingReasonCode = 'active';
  if (!settings?.isEnabled) reasonCode = 'disabled';
  else if (startDate && now < startDate) reasonCode = 'notStarted';
  else if (endDate && now > endDate) reasonCode = 'ended';
  const period = { startDate: startDate?.toISOString() ?? null, endDate: endDate?.toISOString() ?? null };
  return {
    isAllowed: reasonCode === 'active',
    reasonCode,
    reason: VOTING_REASONS[reasonCode],
    ...period,
    period,
    serverTime: now.toISOString(),
  };
}
