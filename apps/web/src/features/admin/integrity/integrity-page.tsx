import { localizeCategory } from '@ovation/shared/category-words';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/data/stat-tiles';
import { inputClass, SELECT_CLASS, SELECT_STYLE } from '../../../components/form/control-styles';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon, BallotIcon, BarChartIcon, DownloadIcon, ShieldIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner } from '../../../components/ui/spinner';
import { accessProblem, apiErrorMessage } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { Panel } from '../layout/panel';
import { adminCategoryListQuery } from '../lib/category-names';
import {
  downloadIntegrityReport,
  quarantinedTotalQuery,
  reviewsQuery,
  SIGNAL_WINDOWS,
  type SignalWindow,
  signalsQuery,
  VOTE_STATUSES,
  type VoteStatus,
} from './api';
import { ClusterList } from './cluster-list';
import { QuarantineModal, type QuarantineTarget } from './quarantine-modal';
import { ReviewsPanel } from './reviews-panel';
import { useFormats } from './use-formats';
import { type SpikeRef, VelocityPanel } from './velocity-panel';
import { VotesPanel, type VotesSource } from './votes-panel';

/**
 * Everything the screen shows, in the URL: the scope (a category or all), the window, the cluster, spike
 * (song and minute) or review whose votes are open, that list's state filter and page, and the open and
 * decided reviews' pages. Back and Forward step through them and an address can be shared with another
 * admin.
 */
const SCREEN_DEFAULTS = {
  category: '',
  window: '24h' as SignalWindow,
  cluster: '',
  spikeSong: '',
  /** The spike's minute, epoch seconds. */
  spikeAt: 0,
  review: 0,
  voteStatus: '' as VoteStatus | '',
  votePage: 1,
  openPage: 1,
  decidedPage: 1,
};
/** What closes the votes panel: no cluster, spike or review open, its filter and page back to the start. */
const NO_VOTES_OPEN = {
  cluster: '',
  spikeSong: '',
  spikeAt: 0,
  review: 0,
  votePage: 1,
  voteStatus: '' as VoteStatus | '',
};
const SCREEN_CHOICES = {
  window: SIGNAL_WINDOWS,
  voteStatus: ['', ...VOTE_STATUSES] as (VoteStatus | '')[],
};

/**
 * Vote integrity (/admin/integrity): how votes arrive (votes per minute per song, spikes
 * marked), clusters of accounts that voted alike (a lead for review, never a verdict), the votes behind
 * each, quarantine with a reason, and the reviews where a (second) admin confirms votes invalid or
 * restores them. Also the downloadable integrity report.
 */
export default function AdminIntegrityPage() {
  const { t, i18n } = useTranslation('admin-integrity');
  const id = useId();
  const formats = useFormats();
  const { params, setParams } = useListParams(SCREEN_DEFAULTS, SCREEN_CHOICES);
  const signals = useQuery(signalsQuery(params.category, params.window));
  const categories = useQuery(adminCategoryListQuery);
  const openReviews = useQuery(reviewsQuery('open', 1));
  // The votes awaiting a decision are the open reviews' quarantined votes: summed from the reviews when
  // they fit on one page, else counted by the analytics (every quarantined vote is in an open review).
  const openPagination = openReviews.data?.pagination;
  const allOpenListed =
    openReviews.data !== undefined &&
    (openPagination === undefined || openPagination.total <= openReviews.data.reviews.length);
  const quarantinedTotal = useQuery({
    ...quarantinedTotalQuery,
    enabled: openReviews.data !== undefined && !allOpenListed,
  });
  const [quarantining, setQuarantining] = useState<QuarantineTarget | null>(null);
  const [changes, setChanges] = useState(0);
  const report = useAction({
    action: downloadIntegrityReport,
    success: t('report.done'),
    failure: t('report.failed'),
  });

  const error = signals.error ?? openReviews.error;
  if (accessProblem(error)) return <AccessProblem error={error} />;

  const data = signals.data;
  const clusters = data?.clusters ?? [];
  const openedCluster = params.cluster
    ? clusters.find((cluster) => cluster.key === params.cluster)
    : undefined;
  const openedSpike: SpikeRef | null =
    params.spikeSong && Number.isInteger(params.spikeAt) && params.spikeAt > 0
      ? { songId: params.spikeSong, at: params.spikeAt }
      : null;
  // A spike's votes need nothing from the signals (the song and the minute say which): its song is named
  // while the chart still draws it.
  const spikeSong = openedSpike
    ? data?.velocity.series.find((song) => song.songId === openedSpike.songId)
    : undefined;
  const votesSource: VotesSource | null = params.review
    ? { kind: 'review', reviewId: params.review }
    : params.cluster
      ? openedCluster
        ? { kind: 'cluster', cluster: openedCluster }
        : data
          ? { kind: 'gone' }
          : null
      : openedSpike
        ? { kind: 'spike', ...openedSpike, song: spikeSong ?? null }
        : null;
  const spikeCount = data?.velocity.series.reduce((sum, song) => sum + song.spikes.length, 0);
  const reviews = openReviews.data?.reviews;
  const openCount = openPagination?.total ?? reviews?.length;
  const setAside = allOpenListed
    ? reviews?.reduce((sum, review) => sum + review.quarantinedVotes, 0)
    : quarantinedTotal.data;
  const collator = new Intl.Collator(i18n.language);
  const categoryOptions = (categories.data ?? [])
    .map((category) => ({ value: category._id, label: localizeCategory(category, i18n.language).name }))
    .sort((a, b) => collator.compare(a.label, b.label));

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        back
        actions={
          <button
            type="button"
            disabled={report.isPending}
            onClick={() => report.mutate()}
            className={buttonClass('jade', 'md')}
          >
            {report.isPending ? <InlineSpinner /> : <DownloadIcon className="size-4" />}
            {report.isPending ? t('report.downloading') : t('report.download')}
          </button>
        }
      />
      <div className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4 rounded-3xl border border-white/10 bg-ink-900/60 p-4 sm:flex-row sm:flex-wrap sm:items-end">
          <legend className="sr-only">{t('scope.label')}</legend>
          <div className="flex min-w-0 flex-col gap-1.5 sm:w-72">
            <label htmlFor={`${id}-category`} className="text-sm font-semibold text-ink-200">
              {t('scope.category')}
            </label>
            <select
              id={`${id}-category`}
              value={params.category}
              onChange={(event) => setParams({ ...NO_VOTES_OPEN, category: event.target.value })}
              className={inputClass(false, SELECT_CLASS)}
              style={SELECT_STYLE}
            >
              <option value="">{t('scope.overall')}</option>
              {categoryOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
              {params.category && !categoryOptions.some((option) => option.value === params.category) && (
                <option value={params.category}>{params.category}</option>
              )}
            </select>
          </div>
          <div role="radiogroup" aria-labelledby={`${id}-window`} className="flex min-w-0 flex-col gap-1.5">
            <span id={`${id}-window`} className="text-sm font-semibold text-ink-200">
              {t('scope.window')}
            </span>
            <div className="flex flex-wrap gap-1 rounded-2xl bg-ink-950/60 p-1 ring-1 ring-white/10">
              {SIGNAL_WINDOWS.map((window) => (
                <label
                  key={window}
                  className="relative flex min-h-11 min-w-14 flex-auto cursor-pointer items-center justify-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-ink-200 hover:bg-white/[0.06] has-[:checked]:bg-gold-400 has-[:checked]:text-ink-950 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300"
                >
                  <input
                    type="radio"
                    name={`${id}-window`}
                    value={window}
                    checked={params.window === window}
                    onChange={() => setParams({ ...NO_VOTES_OPEN, window })}
                    className="sr-only"
                  />
                  {t(`scope.windows.${window}`)}
                </label>
              ))}
            </div>
          </div>
          {data && (
            <p className="text-xs text-ink-400 sm:ms-auto sm:self-center">
              {t('scope.range', { range: formats.range(data.window.from, data.window.to) })}
            </p>
          )}
        </fieldset>

        {signals.isError ? (
          <LoadFailed
            message={apiErrorMessage(signals.error, t('loadFailed'))}
            onRetry={() => void signals.refetch()}
          />
        ) : (
          <>
            <StatTiles
              tiles={[
                {
                  key: 'spikes',
                  label: t('tiles.spikes'),
                  value: spikeCount,
                  icon: <BarChartIcon className="size-5" />,
                },
                {
                  key: 'clusters',
                  label: t('tiles.clusters'),
                  value: data?.clusters.length,
                  icon: <AlertIcon className="size-5" />,
                },
                {
                  key: 'reviews',
                  label: t('tiles.openReviews'),
                  value: openCount,
                  icon: <ShieldIcon className="size-5" />,
                },
                {
                  key: 'setAside',
                  label: t('tiles.setAside'),
                  value: setAside,
                  icon: <BallotIcon className="size-5" />,
                },
              ]}
            />
            <Panel title={t('velocity.title')} testId="integrity-velocity">
              {data ? (
                <VelocityPanel
                  signals={data}
                  formats={formats}
                  openedSpike={votesSource?.kind === 'spike' ? openedSpike : null}
                  onOpenSpike={(spike) =>
                    setParams(
                      votesSource?.kind === 'spike' &&
                        openedSpike?.songId === spike.songId &&
                        openedSpike.at === spike.at
                        ? NO_VOTES_OPEN
                        : { ...NO_VOTES_OPEN, spikeSong: spike.songId, spikeAt: spike.at },
                    )
                  }
                />
              ) : (
                <div aria-hidden="true" className="h-72 animate-pulse rounded-2xl bg-white/[0.04]" />
              )}
            </Panel>
            <Panel title={t('clusters.title')}>
              {data ? (
                <ClusterList
                  clusters={clusters}
                  formats={formats}
                  openedKey={params.review ? '' : params.cluster}
                  onOpen={(cluster) =>
                    setParams(
                      params.cluster === cluster.key && !params.review
                        ? NO_VOTES_OPEN
                        : { ...NO_VOTES_OPEN, cluster: cluster.key },
                    )
                  }
                  onQuarantine={(cluster) => setQuarantining({ kind: 'cluster', cluster })}
                />
              ) : (
                <div aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/[0.04]" />
              )}
            </Panel>
          </>
        )}

        {votesSource && (
          <VotesPanel
            source={votesSource}
            status={params.voteStatus}
            page={params.votePage}
            formats={formats}
            onStatus={(voteStatus) => setParams({ voteStatus, votePage: 1 })}
            onPage={(votePage) => setParams({ votePage })}
            onClose={() => setParams(NO_VOTES_OPEN)}
            onQuarantineSelected={(voteIds) => setQuarantining({ kind: 'selection', voteIds })}
            selectionResetKey={changes}
          />
        )}

        <Panel title={t('reviews.title')} testId="integrity-reviews">
          <ReviewsPanel
            formats={formats}
            openPage={params.openPage}
            decidedPage={params.decidedPage}
            shownReviewId={params.review || null}
            onOpenPage={(openPage) => setParams({ openPage })}
            onDecidedPage={(decidedPage) => setParams({ decidedPage })}
            onShowVotes={(reviewId) =>
              setParams(params.review === reviewId ? NO_VOTES_OPEN : { ...NO_VOTES_OPEN, review: reviewId })
            }
          />
        </Panel>
      </div>
      <QuarantineModal
        target={quarantining}
        onClose={() => setQuarantining(null)}
        onDone={() => setChanges((count) => count + 1)}
      />
    </>
  );
}
