import {
  DAILY_VOTE_WINDOW_HOURS,
  DEFAULT_VOTE_QUOTA_SETTINGS,
  type VoteQuotaRule,
  voteQuotaRule,
} from '@ovation/shared/vote-quota';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { publicSettingsQuery } from '../../lib/public-settings';

export type VotingRuleKind =
  | 'dailySingle'
  | 'dailyOncePerSong'
  | 'dailyAnySong'
  | 'dailyCapped'
  | 'periodSingle'
  | 'periodOncePerSong'
  | 'periodAnySong'
  | 'periodCapped';

/** The quota of the server's default settings: what the rule says until the public settings answer. */
export const DEFAULT_VOTE_QUOTA_RULE: VoteQuotaRule = voteQuotaRule(DEFAULT_VOTE_QUOTA_SETTINGS);

/** Which sentence says a quota: its window (24 hours or the whole period) and what one song may take. */
export function votingRuleKind({ perCategory, perSong, daily }: VoteQuotaRule): VotingRuleKind {
  const window = daily ? 'daily' : 'period';
  const shape =
    perCategory === 1
      ? 'Single'
      : perSong === 1
        ? 'OncePerSong'
        : perSong >= perCategory
          ? 'AnySong'
          : 'Capped';
  return `${window}${shape}`;
}

/**
 * The one sentence that states the voting rule ('Each fan may vote 3 times per category every 24 hours, at
 * most 2 times for the same song.'), from the quota the server enforces (packages/shared `voteQuotaRule`).
 * Every rule text says it through this: the song and category pages, the vote dialog, the footer, the
 * home page, the terms and the admin's settings summary.
 */
export function describeVotingRule(t: TFunction, rule: VoteQuotaRule): string {
  return t(`votingRule.summary.${votingRuleKind(rule)}`, {
    perCategory: t('votingRule.times', { count: rule.perCategory }),
    perSong: t('votingRule.times', { count: rule.perSong }),
    hours: DAILY_VOTE_WINDOW_HOURS,
  });
}

/**
 * The quota in force now, from the public settings (one shared query): the server's default rule until
 * they answer or when the call fails, as the server itself falls back to its defaults.
 */
export function useVoteQuotaRule(): VoteQuotaRule {
  const { data } = useQuery(publicSettingsQuery);
  return data?.votingRule ?? DEFAULT_VOTE_QUOTA_RULE;
}

/** The rule sentence for the settings in force, in the page's language: the `rule` of every rule text. */
export function useVotingRuleText(): string {
  const { t } = useTranslation();
  return describeVotingRule(t, useVoteQuotaRule());
}
