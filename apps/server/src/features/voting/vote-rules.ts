import {
  DAILY_VOTE_WINDOW_HOURS,
  type PlatformSettings,
  type VotingStatus,
  voteQuotaRule,
} from '@ovation/shared';
import type { VoteQuota } from './cast-vote-repository';

/** 24 hours: the spec's "one vote per category per 24 hours" window. */
export const DAY_MS = DAILY_VOTE_WINDOW_HOURS * 60 * 60 * 1000;

/**
 * The quota in force from the platform settings (the rule is packages/shared `voteQuotaRule`, which the
 * settings screen's sentence also reads), with the window it counts over: the last 24 hours with daily
 * voting, else the whole voting period.
 */
export function quotaFor(
  settings: PlatformSettings,
  status: VotingStatus,
  now: Date,
): VoteQuota & { daily: boolean } {
  const rule = voteQuotaRule(settings.votingSettings);
  const periodStart = status.period.startDate ? new Date(status.period.startDate) : new Date(0);
  return {
    ...rule,
    windowStart: rule.daily ? new Date(now.getTime() - DAY_MS) : new Date(periodStart.getTime() - 1),
  };
}

/** When a vote cast at `at` stops counting against a daily quota; never for a period-wide quota. */
export function renewalOf(at: Date | null | undefined, daily: boolean): Date | null {
  if (!at || !daily) return null;
  return new Date(at.getTime() + DAY_MS);
}
