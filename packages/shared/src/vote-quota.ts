/**
 * The vote quota the four voting settings make, in one place: the server enforces it
 * (apps/server/src/features/voting/vote-rules.ts) and the settings screen says it in one sentence.
 * No zod here: the web imports it without the schemas.
 */

/** The window of daily voting: the spec's "one vote per category per 24 hours". */
export const DAILY_VOTE_WINDOW_HOURS = 24;

/** The voting settings the quota depends on (a structural part of PlatformSettings['votingSettings']). */
export interface VoteQuotaSettings {
  enableDailyVoting: boolean;
  dailyVotesPerCategory: number;
  allowMultipleVotes: boolean;
  maxVotesPerUser: number;
}

/** The server's defaults: the spec's published terms, one vote per category per 24 hours. */
export const DEFAULT_VOTE_QUOTA_SETTINGS: VoteQuotaSettings = {
  allowMultipleVotes: false,
  maxVotesPerUser: 1,
  dailyVotesPerCategory: 1,
  enableDailyVoting: true,
};

export interface VoteQuotaRule {
  /** Votes a fan may cast in one category within the window. */
  perCategory: number;
  /** Votes a fan may cast for one song within the window (never more than `perCategory`). */
  perSong: number;
  /** True: the window is the last 24 hours; false: the whole voting period. */
  daily: boolean;
}

/**
 * With daily voting, `dailyVotesPerCategory` votes per category in any 24 hours; without it, that many
 * in the whole voting period. A song takes one of them, or up to `maxVotesPerUser` when multiple votes
 * are allowed (the category's own limit still caps it).
 */
export function voteQuotaRule(settings: VoteQuotaSettings): VoteQuotaRule {
  const perCategory = settings.dailyVotesPerCategory;
  return {
    perCategory,
    perSong: settings.allowMultipleVotes ? Math.min(settings.maxVotesPerUser, perCategory) : 1,
    daily: settings.enableDailyVoting,
  };
}
