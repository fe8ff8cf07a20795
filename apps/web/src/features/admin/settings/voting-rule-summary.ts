import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import { DAILY_VOTE_WINDOW_HOURS, voteQuotaRule } from '@ovation/shared/vote-quota';
import type { TFunction } from 'i18next';

export type VotingRuleKind =
  | 'dailySingle'
  | 'dailyOncePerSong'
  | 'dailyAnySong'
  | 'dailyCapped'
  | 'periodSingle'
  | 'periodOncePerSong'
  | 'periodAnySong'
  | 'periodCapped';

/**
 * What the four voting settings mean together: the quota the server enforces (packages/shared
 * `voteQuotaRule`), sorted into the sentence that says it.
 */
export function votingRule(voting: PlatformSettings['votingSettings']): {
  kind: VotingRuleKind;
  perCategory: number;
  perSong: number;
} {
  const { perCategory, perSong, daily } = voteQuotaRule(voting);
  const window = daily ? 'daily' : 'period';
  const shape =
    perCategory === 1
      ? 'Single'
      : perSong === 1
        ? 'OncePerSong'
        : perSong >= perCategory
          ? 'AnySong'
          : 'Capped';
  return { kind: `${window}${shape}`, perCategory, perSong };
}

/** The one sentence the screen shows ('Each fan may vote 3 times per category every 24 hours, once per song.'). */
export function describeVotingRule(
  t: TFunction<'admin-settings'>,
  voting: PlatformSettings['votingSettings'],
): string {
  const { kind, perCategory, perSong } = votingRule(voting);
  return t(`voting.summary.${kind}`, {
    perCategory: t('voting.times', { count: perCategory }),
    perSong: t('voting.times', { count: perSong }),
    hours: DAILY_VOTE_WINDOW_HOURS,
  });
}
