import type { AdAnalytics, AdminAd } from '@ovation/shared/schemas/ads';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/data/stat-tiles';
import { BarChartIcon, CalendarIcon, EyeIcon, ShieldIcon, StrokeIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { useAdLocationName } from '../lib/ad-location-name';
import type { AdStatFormats } from '../lib/ad-stat-formats';
import { useAdAnalytics } from './api';

/** An arrow pointer: clicks. */
const PointerIcon = () => (
  <StrokeIcon className="size-5">
    <path d="m4 4 7 17 2.5-7.5L21 11 4 4Z" />
  </StrokeIcon>
);

/**
 * One ad's analytics (the admin spec: totals and per-location performance), all time: impressions, clicks, CTR
 * and today's impressions; what was not counted (bots, repeats within a minute, clicks without a view);
 * then each location's impressions, clicks and CTR.
 */
export function AdAnalyticsModal({
  ad,
  formats,
  onClose,
}: {
  /** The ad shown; null: closed. */
  ad: AdminAd | null;
  formats: AdStatFormats;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-ads');
  const analytics = useAdAnalytics(ad?._id ?? null);
  const performance = analytics.data?.performance;
  const filteredId = useId();
  // A sponsor's figures are read exactly (12,840), not rounded down (12.8k+) as elsewhere.
  const exact = (value: number | undefined) => (value === undefined ? undefined : formats.number(value));

  return (
    <Modal
      open={ad !== null}
      onClose={onClose}
      title={t('analytics.title')}
      description={ad ? <bdi className="font-semibold text-ink-100">{ad.title}</bdi> : undefined}
      size="lg"
    >
      <div className="mt-6 flex flex-col gap-6">
        {analytics.isError ? (
          <LoadFailed message={t('analytics.loadFailed')} onRetry={() => void analytics.refetch()} />
        ) : (
          <>
            <section aria-label={t('analytics.totals')}>
              <p className="mb-2 text-sm text-ink-400">{t('analytics.allTime')}</p>
              <StatTiles
                columns={2}
                tiles={[
                  {
                    key: 'impressions',
                    label: t('analytics.impressions'),
                    value: performance?.totalImpressions,
                    display: exact(performance?.totalImpressions),
                    icon: <EyeIcon className="size-5" />,
                  },
                  {
                    key: 'clicks',
                    label: t('analytics.clicks'),
                    value: performance?.totalClicks,
                    display: exact(performance?.totalClicks),
                    icon: <PointerIcon />,
                  },
                  {
                    key: 'ctr',
                    label: t('analytics.ctr'),
                    value: performance?.ctr,
                    display: performance ? formats.ctr(performance.ctr) : undefined,
                    icon: <BarChartIcon className="size-5" />,
                  },
                  {
                    key: 'today',
                    label: t('analytics.today'),
                    value: performance?.todayImpressions,
                    display: exact(performance?.todayImpressions),
                    icon: <CalendarIcon className="size-5" />,
                  },
                ]}
              />
            </section>

            <section
              aria-labelledby={filteredId}
              className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
            >
              <h3 id={filteredId} className="flex items-center gap-2 text-sm font-semibold text-ink-100">
                <ShieldIcon className="size-4 text-gold-300" />
                {t('analytics.filteredHeading')}
              </h3>
              <p className="mt-1 text-sm text-ink-400">{t('analytics.filteredText')}</p>
              <dl className="mt-3 grid gap-2 sm:grid-cols-2">
                <div className="flex items-baseline justify-between gap-3 rounded-xl bg-ink-950/60 px-2 py-2 sm:px-3">
                  <dt className="text-sm text-ink-300">{t('analytics.filteredImpressions')}</dt>
                  <dd className="font-bold text-ink-50 tabular-nums">
                    {performance ? formats.number(performance.filteredImpressions) : '–'}
                  </dd>
                </div>
                <div className="flex items-baseline justify-between gap-3 rounded-xl bg-ink-950/60 px-2 py-2 sm:px-3">
                  <dt className="text-sm text-ink-300">{t('analytics.filteredClicks')}</dt>
                  <dd className="font-bold text-ink-50 tabular-nums">
                    {performance ? formats.number(performance.filteredClicks) : '–'}
                  </dd>
                </div>
              </dl>
            </section>

            <LocationPerformance performance={performance} formats={formats} />
          </>
        )}
      </div>
    </Modal>
  );
}

function LocationPerformance({
  performance,
  formats,
}: {
  performance: AdAnalytics['performance'] | undefined;
  formats: AdStatFormats;
}) {
  const { t } = useTranslation('admin-ads');
  const locationName = useAdLocationName();
  const headingId = useId();
  return (
    <div>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-ink-100">
        {t('analytics.byLocation')}
      </h3>
      {performance && performance.locations.length === 0 ? (
        <p className="rounded-xl bg-white/[0.03] p-4 text-sm text-ink-400">{t('analytics.noTraffic')}</p>
      ) : (
        // A named, focusable region: the table may scroll sideways on the narrowest phones.
        <section
          aria-labelledby={headingId}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-white/10 focus-visible:outline-2 focus-visible:outline-gold-300"
        >
          <table className="w-full text-sm" aria-busy={!performance || undefined}>
            <thead className="bg-white/[0.03] text-xs text-ink-300">
              <tr>
                <th scope="col" className="px-2 py-2 sm:px-3 text-start font-semibold">
                  {t('analytics.location')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-end font-semibold">
                  {t('analytics.impressions')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-end font-semibold">
                  {t('analytics.clicks')}
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3 text-end font-semibold">
                  {t('analytics.ctr')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-white/[0.06]">
              {(performance?.locations ?? []).map((row) => (
                <tr key={row.location}>
                  <th scope="row" className="px-2 py-2 sm:px-3 text-start font-semibold text-ink-100">
                    {locationName(row.location)}
                  </th>
                  <td className="px-2 py-2 sm:px-3 text-end text-ink-100 tabular-nums">
                    {formats.number(row.impressions)}
                  </td>
                  <td className="px-2 py-2 sm:px-3 text-end text-ink-100 tabular-nums">
                    {formats.number(row.clicks)}
                  </td>
                  <td className="px-2 py-2 sm:px-3 text-end text-ink-100 tabular-nums">
                    <bdi>{formats.ctr(row.ctr)}</bdi>
                  </td>
                </tr>
              ))}
              {!performance && (
                <tr>
                  <td colSpan={4} className="px-3 py-4">
                    <span aria-hidden="true" className="block h-4 w-3/4 animate-pulse rounded bg-white/10" />
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
