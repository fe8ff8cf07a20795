import type { AdAnalyticsPage, AdTrafficStat } from '@ovation/shared/schemas/ad-analytics';
import type { AdTrafficGroup } from '@ovation/shared/schemas/ads';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { ImageIcon } from '../../../components/ui/icons';
import { useAdLocationName } from '../lib/ad-location-name';
import type { CalendarRange } from './traffic-period';
import type { AdTrafficFormats } from './use-ad-traffic-formats';

type LocationStat = AdAnalyticsPage['locationStats'][number];
type TopAd = AdAnalyticsPage['topAds'][number];

/** What a table shows without rows: one quiet line (the chart above already says the range was empty). */
function EmptyRow({ children }: { children: string }) {
  return <EmptyState title={children} className="py-8" />;
}

/** Impressions, clicks and CTR: the columns every table of the screen ends with, numbers at the end. */
function countColumns<Row extends { totalImpressions: number; totalClicks: number; ctr: number }>(
  formats: AdTrafficFormats,
  t: TFunction<'admin-ad-analytics'>,
): DataTableColumn<Row>[] {
  return [
    {
      key: 'impressions',
      header: t('columns.impressions'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.number(row.totalImpressions),
    },
    {
      key: 'clicks',
      header: t('columns.clicks'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.number(row.totalClicks),
    },
    {
      key: 'ctr',
      header: t('columns.ctr'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.ctr(row.ctr),
    },
  ];
}

/** Performance by Location: each location's impressions, clicks, CTR and how many ads were counted there. */
export function LocationsTable({
  rows,
  loading,
  formats,
}: {
  rows: readonly LocationStat[] | undefined;
  loading: boolean;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const locationName = useAdLocationName();
  const columns: DataTableColumn<LocationStat>[] = [
    {
      key: 'location',
      header: t('columns.location'),
      rowHeader: true,
      cell: (row) => locationName(row.location),
    },
    ...countColumns<LocationStat>(formats, t),
    {
      key: 'ads',
      header: t('columns.activeAds'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.number(row.adCount),
    },
  ];
  return (
    <DataTable
      label={t('locations.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.location}
      loading={loading}
      minWidthClass="min-w-[32rem]"
      empty={<EmptyRow>{t('locations.empty')}</EmptyRow>}
    />
  );
}

/** An ad's picture, small; decorative (its title is in the next cell). */
function Thumbnail({ url }: { url: string | null }) {
  const { t } = useTranslation('admin-ad-analytics');
  if (!url) {
    return (
      <span
        title={t('topAds.noImage')}
        className="grid h-10 w-16 place-items-center rounded-lg bg-white/[0.06] text-ink-400"
      >
        <ImageIcon className="size-4" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      width={64}
      height={40}
      loading="lazy"
      decoding="async"
      className="h-10 w-16 rounded-lg bg-white/[0.06] object-cover"
    />
  );
}

/** Top Performing Ads: picture, title, impressions, clicks and CTR, in the server's order. */
export function TopAdsTable({
  rows,
  loading,
  formats,
}: {
  rows: readonly TopAd[] | undefined;
  loading: boolean;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const columns: DataTableColumn<TopAd>[] = [
    {
      key: 'image',
      header: <span className="sr-only">{t('columns.image')}</span>,
      className: 'w-20',
      cell: (row) => <Thumbnail url={row.imageUrl} />,
    },
    {
      key: 'title',
      header: t('columns.title'),
      rowHeader: true,
      cell: (row) => (
        <bdi className="line-clamp-2 break-words" title={row.title}>
          {row.title}
        </bdi>
      ),
    },
    ...countColumns<TopAd>(formats, t),
  ];
  return (
    <DataTable
      label={t('topAds.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.adId}
      loading={loading}
      minWidthClass="min-w-[34rem]"
      empty={<EmptyRow>{t('topAds.empty')}</EmptyRow>}
    />
  );
}

/** Traffic Over Time: one row per period (the CSV's rows), the chart's figures in words. */
export function TrafficTable({
  rows,
  groupBy,
  range,
  loading,
  formats,
}: {
  rows: readonly AdTrafficStat[] | undefined;
  groupBy: AdTrafficGroup;
  range: CalendarRange;
  loading: boolean;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const [impressions, clicks, ctr] = countColumns<AdTrafficStat>(formats, t) as [
    DataTableColumn<AdTrafficStat>,
    DataTableColumn<AdTrafficStat>,
    DataTableColumn<AdTrafficStat>,
  ];
  const columns: DataTableColumn<AdTrafficStat>[] = [
    {
      key: 'period',
      header: t('columns.period'),
      rowHeader: true,
      className: 'whitespace-nowrap',
      cell: (row) => <time dateTime={row.start}>{formats.period(row, groupBy, range)}</time>,
    },
    impressions,
    clicks,
    {
      key: 'unique',
      header: t('columns.uniqueViews'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.number(row.totalUniqueViews),
    },
    ctr,
    {
      key: 'ads',
      header: t('columns.ads'),
      align: 'end',
      className: 'tabular-nums whitespace-nowrap',
      cell: (row) => formats.number(row.uniqueAdCount),
    },
  ];
  return (
    <DataTable
      label={t('traffic.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.period}
      loading={loading}
      minWidthClass="min-w-[44rem]"
      empty={<EmptyRow>{t('traffic.empty')}</EmptyRow>}
    />
  );
}
