import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { StatTiles } from '../../../components/data/stat-tiles';
import { SelectField } from '../../../components/form/select-field';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  BallotIcon,
  BarChartIcon,
  DownloadIcon,
  GridIcon,
  type IconProps,
  MusicIcon,
  ShieldIcon,
  StrokeIcon,
} from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { accessProblem } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { useCategoryName } from '../lib/category-names';
import { type AnalyticsCategory, type AnalyticsSong, exportVoteReport, useVoteAnalytics } from './api';
import { CategoryRanking } from './category-ranking';
import { AlertNote } from './notes';
import { ResultsPanel } from './results-panel';
import { ClearWinnerDialog, SelectWinnerDialog, type WinnerChoice } from './winner-dialogs';

const BanIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.7 5.7 12.6 12.6" />
  </StrokeIcon>
);

/**
 * /admin/analytics (the admin spec's "Vote analytics"): totals, the results switches, the export, and each
 * category's ranking by valid votes with its winner. Non-admins see 'Only administrators can access
 * this page.'
 */
export default function AdminAnalyticsPage() {
  const { t, i18n } = useTranslation('admin-analytics');
  const analytics = useVoteAnalytics();
  const lockedNoteId = useId();
  const jumpId = useId();
  const categoryName = useCategoryName({ lookUp: false });
  const [choice, setChoice] = useState<WinnerChoice | null>(null);
  const [clearing, setClearing] = useState<{ category: AnalyticsCategory; song: AnalyticsSong } | null>(null);
  const download = useAction({
    action: exportVoteReport,
    success: t('export.done'),
    failure: t('export.failed'),
  });

  if (accessProblem(analytics.error)) {
    return <AccessProblem error={analytics.error} reason="administratorsOnly" />;
  }

  const data = analytics.data;
  const totals = data?.totals;
  // Two decimals at most, as the server rounds the average.
  const average = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const locked = data?.results.published ?? false;
  const notLeading = data?.categories.filter((category) => category.winnerNoLongerLeads) ?? [];
  /** Brings a category's ranking into view and moves the focus to its heading. */
  const jumpTo = (categoryId: string) => {
    const heading = document.getElementById(`ranking-${categoryId}`);
    heading?.closest('section')?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  const exportButton = (
    <button
      type="button"
      disabled={download.isPending}
      onClick={() => download.mutate()}
      className={buttonClass('secondary', 'md')}
    >
      {download.isPending ? <InlineSpinner /> : <DownloadIcon className="size-4" />}
      {download.isPending ? t('export.exporting') : t('export.button')}
    </button>
  );

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} back actions={exportButton} />

      {analytics.isPending ? (
        <PageSpinner />
      ) : analytics.isError || !data || !totals ? (
        <LoadFailed message={t('loadFailed')} onRetry={() => void analytics.refetch()} />
      ) : (
        <div className="flex flex-col gap-8">
          <div>
            <StatTiles
              columns={3}
              tiles={[
                {
                  key: 'votes',
                  label: t('stats.totalVotes'),
                  value: totals.totalVotes,
                  icon: <BallotIcon />,
                },
                { key: 'songs', label: t('stats.totalSongs'), value: totals.totalSongs, icon: <MusicIcon /> },
                {
                  key: 'categories',
                  label: t('stats.categories'),
                  value: totals.totalCategories,
                  icon: <GridIcon />,
                },
                {
                  key: 'average',
                  label: t('stats.average'),
                  value: totals.avgVotesPerSong,
                  display: average.format(totals.avgVotesPerSong),
                  icon: <BarChartIcon />,
                },
                {
                  key: 'quarantined',
                  label: t('stats.quarantined'),
                  value: totals.quarantinedVotes,
                  icon: <ShieldIcon />,
                },
                { key: 'invalid', label: t('stats.invalid'), value: totals.invalidVotes, icon: <BanIcon /> },
              ]}
            />
            <p className="mt-3 text-sm text-ink-400">{t('stats.note')}</p>
          </div>

          <ResultsPanel analytics={data} />

          <section aria-labelledby="rankings-heading">
            <h2 id="rankings-heading" className="text-xl font-bold text-ink-50">
              {t('ranking.heading')}
            </h2>
            {locked && (
              <AlertNote tone="jade" id={lockedNoteId} className="mt-3">
                {t('ranking.locked')}
              </AlertNote>
            )}
            {notLeading.length > 0 && (
              <AlertNote tone="coral" className="mt-3">
                <span data-testid="winners-not-leading">
                  {t('ranking.winnersNotLeading', {
                    count: notLeading.length,
                    categories: notLeading.map((category) => isolate(categoryName(category))).join(', '),
                  })}
                </span>
              </AlertNote>
            )}
            {data.categories.length === 0 ? (
              <EmptyState className="mt-4" title={t('ranking.empty')} icon={<GridIcon />} />
            ) : (
              <>
                {data.categories.length > 1 && (
                  <SelectField
                    id={jumpId}
                    label={t('ranking.jump')}
                    value=""
                    placeholder={t('ranking.jumpPlaceholder')}
                    options={data.categories.map((category) => ({
                      value: category._id,
                      label: categoryName(category),
                    }))}
                    onChange={jumpTo}
                    className="mt-4 max-w-sm"
                  />
                )}
                <div className="mt-4 grid gap-5 2xl:grid-cols-2">
                  {data.categories.map((category) => (
                    <CategoryRanking
                      key={category._id}
                      category={category}
                      handlers={{
                        locked,
                        lockedNoteId,
                        onSelect: (target, song) =>
                          setChoice({ category: target, song, votingOpen: data.votingOpen }),
                        onClear: (target, song) => setClearing({ category: target, song }),
                      }}
                    />
                  ))}
                </div>
              </>
            )}
          </section>
        </div>
      )}

      <SelectWinnerDialog choice={choice} onChange={setChoice} />
      <ClearWinnerDialog target={clearing} onClose={() => setClearing(null)} />
    </div>
  );
}
