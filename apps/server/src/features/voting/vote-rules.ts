import type { PlatformSettings, VotingStatus } from '@ovation/shared';
import type { VoteQuota } from './cast-vote-repository';

/** 24 hours: the spec's "one vote per category per 24 hours" window. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The quota in force from the platform settings: with daily voting, `dailyVotesPerCategory` votes per
 * category in any 24 hours; without it, that many in the whole voting period. A song takes one of
 * them at most, or up to `maxVotesPerUser` when multiple votes are allowed.
 */
export function quotaFor(
  settings: PlatformSettings,
  status: VotingStatus,
  now: Date,
): VoteQuota & { daily: boolean } {
  const rules = settings.votingSettings;
  const daily = rules.enableDailyVoting;
  const periodStart = status.period.startDate ? new Date(status.period.startDate) : new Date(0);
  return {
    daily,
    perCategory: rules.dailyVotesPerCategory,
    perSong: rules.allowMultipleVotes ? rules.maxVotesPerUser : 1,
    windowStart: daily ? new Date(now.getTime() - DAY_MS) : new Date(periodStart.getTime() - 1),
  };
}

/** When a vote cast at `at` stops counting against a daily quota; never for a period-wide quota. */
export function renewalOf(at: Date | null | undefined, daily: boolean): Date | null {
  if (!at || !daily) return null;
  return new Date(at.getTime() + DAY_MS);
}
