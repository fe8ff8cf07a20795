import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { Switch } from '../../../components/form/switch';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { useCategoryName } from '../lib/category-names';
import {
  type AdminAnalytics,
  analyticsKeys,
  analyticsQuery,
  PUBLIC_RESULT_KEYS,
  type ResultsSettings,
  saveResultsSettings,
} from './api';
import { NoteList } from './notes';

const SETTINGS = ['published', 'showLiveStandings'] as const;
type Setting = (typeof SETTINGS)[number];
interface Change {
  setting: Setting;
  value: boolean;
}

/** Each switch's label and hint. */
const SWITCH_TEXTS = {
  published: { label: 'publish', hint: 'publishHint' },
  showLiveStandings: { label: 'live', hint: 'liveHint' },
} as const;

/** Which dialog texts and toast a change uses. */
const CHANGE_TEXTS = {
  published: {
    on: { title: 'publishTitle', text: 'publishText', confirm: 'publishConfirm', done: 'published' },
    off: { title: 'unpublishTitle', text: 'unpublishText', confirm: 'unpublishConfirm', done: 'unpublished' },
  },
  showLiveStandings: {
    on: { title: 'liveOnTitle', text: 'liveOnText', confirm: 'liveOnConfirm', done: 'liveShown' },
    off: { title: 'liveOffTitle', text: 'liveOffText', confirm: 'liveOffConfirm', done: 'liveHidden' },
  },
} as const;

/** What a visitor's category page shows with these settings (the `standings` of GET /categories/:id). */
function publicMode(results: ResultsSettings) {
  if (results.published) return 'modeFinal';
  return results.showLiveStandings ? 'modeLive' : 'modeHidden';
}

/**
 * The results switches: publish the results (totals and winners become public, winners lock)
 * and, until then, whether category pages show the live standings without numbers. Each change asks
 * first; the server audits it.
 */
export function ResultsPanel({ analytics }: { analytics: AdminAnalytics }) {
  const { t, i18n } = useTranslation('admin-analytics');
  const queryClient = useQueryClient();
  const [change, setChange] = useState<Change | null>(null);
  const { results, votingOpen } = analytics;
  const categoryName = useCategoryName({ lookUp: false });
  const missingWinners = analytics.categories.filter(
    (category) => category.totalSongs > 0 && !category.winnerSongId,
  ).length;
  // Winners chosen before votes were set aside (or overtaken since): published, they would crown a song that does not lead.
  const notLeading = analytics.categories.filter(
    (category) => category.winner && category.winnerNoLongerLeads,
  );
  // Votes in open reviews: while the results are published no one can confirm them invalid or restore them.
  const quarantined = analytics.totals.quarantinedVotes;
  const publishing = change?.setting === 'published' && change.value;

  const save = useAction({
    action: ({ setting, value }: Change) => saveResultsSettings({ [setting]: value }),
    success: (_, { setting, value }) => t(`results.${CHANGE_TEXTS[setting][value ? 'on' : 'off'].done}`),
    failure: t('results.failed'),
    invalidate: [analyticsKeys.all, ...PUBLIC_RESULT_KEYS],
    onSuccess: (next) => {
      queryClient.setQueryData(analyticsQuery.queryKey, (current) =>
        current ? { ...current, results: next } : current,
      );
      setChange(null);
    },
    onError: () => setChange(null),
  });

  const texts = change ? CHANGE_TEXTS[change.setting][change.value ? 'on' : 'off'] : null;
  const date = results.publishedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(results.publishedAt),
      )
    : null;
  const status = results.published
    ? date && results.publishedBy
      ? t('results.publishedBy', { date, name: results.publishedBy.name })
      : date
        ? t('results.publishedAt', { date })
        : null
    : t('results.privateText');

  return (
    <section
      aria-labelledby="results-heading"
      className="rounded-3xl border border-white/10 bg-ink-900/60 p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h2 id="results-heading" className="me-auto text-xl font-bold text-ink-50">
          {t('results.heading')}
        </h2>
        <Pill tone={results.published ? 'jade' : 'ink'}>
          {results.published ? t('results.statusPublished') : t('results.statusPrivate')}
        </Pill>
        <Pill tone={votingOpen ? 'gold' : 'ink'}>
          {votingOpen ? t('results.votingOpen') : t('results.votingClosed')}
        </Pill>
      </div>
      {status && <p className="mt-2 text-sm text-ink-300">{status}</p>}
      <p className="mt-1 text-sm text-ink-300">
        {t('results.publicNow')}{' '}
        <strong className="font-semibold text-ink-100" data-testid="public-mode">
          {t(`results.${publicMode(results)}`)}
        </strong>
      </p>

      <div className="mt-5 grid gap-3 md:grid-cols-2">
        {SETTINGS.map((setting) => (
          <Switch
            key={setting}
            checked={results[setting]}
            onChange={(value) => setChange({ setting, value })}
            label={t(`results.${SWITCH_TEXTS[setting].label}`)}
            description={t(`results.${SWITCH_TEXTS[setting].hint}`)}
            busy={save.isPending && save.variables?.setting === setting}
            className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
          />
        ))}
      </div>
      <p className="mt-3 text-xs text-ink-400">{t('results.audited')}</p>

      <ConfirmDialog
        open={change !== null}
        title={texts ? t(`results.${texts.title}`) : ''}
        description={texts ? t(`results.${texts.text}`) : undefined}
        confirmLabel={texts ? t(`results.${texts.confirm}`) : ''}
        tone="primary"
        busy={save.isPending}
        onConfirm={() => change && save.mutate(change)}
        onCancel={() => setChange(null)}
      >
        {publishing && (votingOpen || missingWinners > 0 || quarantined > 0 || notLeading.length > 0) && (
          <NoteList>
            {votingOpen && <li>{t('results.publishVotingOpen')}</li>}
            {notLeading.map((category) => (
              <li key={category._id} data-testid="publish-not-leading">
                {t('results.publishNotLeading', {
                  title: isolate(category.winner?.title ?? ''),
                  category: isolate(categoryName(category)),
                  rank: (category.winner?.rank ?? 0).toLocaleString(i18n.language),
                })}
              </li>
            ))}
            {missingWinners > 0 && <li>{t('results.publishMissingWinners', { count: missingWinners })}</li>}
            {quarantined > 0 && (
              <li data-testid="publish-quarantined">
                {t('results.publishQuarantined', { count: quarantined })}
              </li>
            )}
          </NoteList>
        )}
      </ConfirmDialog>
    </section>
  );
}

const PILL_TONES = {
  jade: 'bg-jade-400/15 text-jade-300 ring-jade-400/30',
  gold: 'bg-gold-400/15 text-gold-200 ring-gold-400/30',
  ink: 'bg-white/[0.06] text-ink-300 ring-white/10',
} as const;

function Pill({ tone, children }: { tone: keyof typeof PILL_TONES; children: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${PILL_TONES[tone]}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}
