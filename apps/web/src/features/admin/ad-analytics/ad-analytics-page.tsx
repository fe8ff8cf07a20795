import { type ReactNode, useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { BarChartIcon, DownloadIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { serverFieldErrors } from '../../../lib/validate';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { Panel } from '../layout/panel';
import { LocationsTable, TopAdsTable, TrafficTable } from './analytics-tables';
import {
  AD_TRAFFIC_GROUPS,
  type AdTraffic,
  type AdTrafficGroup,
  type AnalyticsRange,
  exportTraffic,
  isRangeRefusal,
  useAdAnalytics,
  useAdTraffic,
} from './api';
import { RangeControls } from './range-controls';
import { SummaryCards } from './summary-cards';
import { TrafficChart } from './traffic-chart';
import { type AdTrafficFormats, useAdTrafficFormats } from './use-ad-traffic-formats';

/**
 * The range and grouping, kept in the address (Back, a reload and a shared link keep them). Empty dates
 * are the server's default, the last 30 days, which it names in its answer.
 */
const PARAM_DEFAULTS = { startDate: '', endDate: '', groupBy: 'day' as AdTrafficGroup };
const PARAM_CHOICES = { groupBy: AD_TRAFFIC_GROUPS };

/** Why the server refused the dates (an end before the start), in the reader's language; null otherwise. */
function useRefusal(error: unknown): string | null {
  const { t } = useTranslation();
  if (!isRangeRefusal(error)) return null;
  const [field] = serverFieldErrors(error);
  if (field) return t(field.key);
  return error instanceof Error && error.message ? error.message : null;
}

/** A titled part of the screen holding a table (the table brings its own card). */
function TableSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="min-w-0">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-ink-50">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The chart's card: the lines, or why there are none. */
function ChartPanel({
  traffic,
  failed,
  onRetry,
  formats,
}: {
  traffic: AdTraffic | undefined;
  failed: boolean;
  onRetry: () => void;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const quiet = traffic?.trafficStats.every((stat) => stat.totalImpressions === 0 && stat.totalClicks === 0);
  return (
    <Panel title={t('chart.title')} testId="ad-analytics-chart">
      {failed ? (
        <LoadFailed message={t('trafficFailed')} onRetry={onRetry} />
      ) : !traffic ? (
        <p role="status" className="grid min-h-60 place-items-center text-sm text-ink-400">
          <span className="inline-flex items-center gap-2">
            <InlineSpinner />
            {t('chart.loading')}
          </span>
        </p>
      ) : quiet ? (
        <EmptyState
          icon={<BarChartIcon />}
          title={t('chart.empty')}
          description={t('chart.emptyText')}
          className="py-8"
        />
      ) : (
        <TrafficChart
          stats={traffic.trafficStats}
          groupBy={traffic.groupBy}
          range={traffic.range}
          formats={formats}
        />
      )}
    </Panel>
  );
}

/**
 * /admin/ad-analytics (the admin spec's "Ad and traffic analytics"): the range (default the last 30 days)
 * and grouping, Export CSV, the summary cards with what was not counted, the impressions and clicks chart,
 * Performance by Location, Top Performing Ads and Traffic Over Time.
 */
export default function AdAnalyticsPage() {
  const { t } = useTranslation('admin-ad-analytics');
  const { params, setParams } = useListParams(PARAM_DEFAULTS, PARAM_CHOICES);
  const range = useMemo(
    () => ({ startDate: params.startDate, endDate: params.endDate }),
    [params.startDate, params.endDate],
  );
  const summary = useAdAnalytics(range);
  const traffic = useAdTraffic({ ...range, groupBy: params.groupBy });
  const answered = summary.data?.range ?? traffic.data?.range;
  const formats = useAdTrafficFormats(answered?.timezone);
  const refusal = useRefusal(summary.error ?? traffic.error);
  const shown: AnalyticsRange = {
    startDate: params.startDate || answered?.startDate || '',
    endDate: params.endDate || answered?.endDate || '',
  };
  const changeRange = useCallback(
    (next: AnalyticsRange) => setParams({ startDate: next.startDate, endDate: next.endDate }),
    [setParams],
  );
  const download = useAction({
    action: exportTraffic,
    success: t('export.done'),
    failure: t('export.failed'),
  });

  const error = summary.error ?? traffic.error;
  if (accessProblem(error)) return <AccessProblem error={error} />;

  const exportButton = (
    <button
      type="button"
      disabled={download.isPending || refusal !== null || !answered}
      onClick={() => download.mutate({ query: { ...range, groupBy: params.groupBy }, shown })}
      className={buttonClass('secondary', 'md')}
    >
      {download.isPending ? <InlineSpinner /> : <DownloadIcon className="size-4" />}
      {download.isPending ? t('export.exporting') : t('export.button')}
    </button>
  );

  const trafficFailed = traffic.isError && !isRangeRefusal(traffic.error);
  const content = refusal ? null : summary.isPending ? (
    <PageSpinner label={t('loading')} />
  ) : summary.isError ? (
    <LoadFailed message={t('loadFailed')} onRetry={() => void summary.refetch()} />
  ) : (
    <>
      <SummaryCards totals={summary.data.totals} formats={formats} />
      <ChartPanel
        traffic={traffic.data}
        failed={trafficFailed}
        onRetry={() => void traffic.refetch()}
        formats={formats}
      />
      <div className="grid gap-6 2xl:grid-cols-2 2xl:items-start">
        <TableSection title={t('locations.title')}>
          <LocationsTable
            rows={summary.data.locationStats}
            loading={summary.isPlaceholderData}
            formats={formats}
          />
        </TableSection>
        <TableSection title={t('topAds.title')}>
          <TopAdsTable rows={summary.data.topAds} loading={summary.isPlaceholderData} formats={formats} />
        </TableSection>
      </div>
      <TableSection title={t('traffic.title')}>
        {trafficFailed ? (
          <LoadFailed message={t('trafficFailed')} onRetry={() => void traffic.refetch()} />
        ) : (
          <TrafficTable
            rows={traffic.data?.trafficStats}
            groupBy={traffic.data?.groupBy ?? params.groupBy}
            range={traffic.data?.range ?? shown}
            loading={traffic.isPlaceholderData || traffic.isPending}
            formats={formats}
          />
        )}
      </TableSection>
    </>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} back actions={exportButton} />
      <div className="flex flex-col gap-6">
        <RangeControls
          shown={shown}
          groupBy={params.groupBy}
          onRangeChange={changeRange}
          onGroupByChange={(groupBy) => setParams({ groupBy })}
          busy={summary.isPlaceholderData || traffic.isPlaceholderData}
          refusal={refusal}
          timezoneHint={answered ? t('controls.timezone', { timezone: answered.timezone }) : null}
        />
        {content}
      </div>
    </>
  );
}
