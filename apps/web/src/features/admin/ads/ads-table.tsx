import type { AdminAd, AdState } from '@ovation/shared/schemas/ads';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type SortState } from '../../../components/data/data-table';
import { SortBar } from '../../../components/data/sort-bar';
import { buttonClass } from '../../../components/ui/button-styles';
import { IconButton } from '../../../components/ui/icon-button';
import {
  BarChartIcon,
  EditIcon,
  ExternalLinkIcon,
  ImageIcon,
  PowerIcon,
  TrashIcon,
} from '../../../components/ui/icons';
import { useAdLocationName } from '../lib/ad-location-name';
import type { AdStatFormats } from '../lib/ad-stat-formats';

/** Each state's badge: served now (jade), waiting (gold), stopped by a cap (coral), off or over (grey). */
const STATE_BADGES: Record<AdState, string> = {
  active: 'bg-jade-400/15 text-jade-300',
  scheduled: 'bg-gold-400/15 text-gold-200',
  capped: 'bg-coral-400/15 text-coral-300',
  cappedToday: 'bg-coral-400/15 text-coral-300',
  inactive: 'bg-white/[0.06] text-ink-300',
  ended: 'bg-white/[0.06] text-ink-300',
};

/**
 * The host a target URL points at, written as the public ad writes it (the server's targetHost: hostname
 * without a leading 'www.', so 'https://www.sponsor.example/x' shows 'sponsor.example'), or the text itself
 * if it is not a URL.
 */
export function targetHost(targetUrl: string): string {
  try {
    return new URL(targetUrl).hostname.replace(/^www\./, '') || targetUrl;
  } catch {
    return targetUrl;
  }
}

export interface AdActions {
  onAnalytics: (ad: AdminAd) => void;
  onEdit: (ad: AdminAd) => void;
  onToggle: (ad: AdminAd) => void;
  onDelete: (ad: AdminAd) => void;
  /** The ad whose status is being switched (its toggle waits). */
  togglingId: string | null;
}

function Thumbnail({ ad }: { ad: AdminAd }) {
  const { t } = useTranslation('admin-ads');
  if (!ad.imageUrl) {
    return (
      <span className="flex h-10 w-16 flex-col items-center justify-center rounded-lg bg-coral-400/10 text-coral-300">
        <ImageIcon className="size-4" />
        <span className="sr-only">{t('table.noPicture')}</span>
      </span>
    );
  }
  // Letterboxed, not cropped: ads come in every shape (an 8:1 header strip, a square pop-up).
  return (
    <img
      src={ad.imageUrl}
      srcSet={ad.srcSet || undefined}
      sizes="4rem"
      width={ad.width ?? undefined}
      height={ad.height ?? undefined}
      alt=""
      loading="lazy"
      decoding="async"
      className="h-10 w-16 rounded-lg bg-ink-950 object-contain ring-1 ring-white/10"
    />
  );
}

/**
 * The title, with the description under it (the text a reader sees on the ad). Each is isolated inline, so
 * an Arabic title keeps its own direction while lining up with the column like the others.
 */
function TitleCell({ ad }: { ad: AdminAd }) {
  const { t } = useTranslation('admin-ads');
  return (
    <div className="min-w-40">
      <p className="text-ink-50">
        <bdi>{ad.title}</bdi>
      </p>
      {ad.description ? (
        <p title={ad.description} className="mt-0.5 line-clamp-2 text-xs font-normal text-ink-300">
          <bdi>{ad.description}</bdi>
        </p>
      ) : (
        <p className="mt-0.5 text-xs font-normal text-ink-400">{t('table.noDescription')}</p>
      )}
    </div>
  );
}

function LocationChips({ ad }: { ad: AdminAd }) {
  const locationName = useAdLocationName();
  return (
    <ul className="flex max-w-48 flex-wrap gap-1">
      {ad.displaySettings.locations.map((location) => (
        <li
          key={location}
          className="rounded-md bg-white/[0.06] px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-200"
        >
          {locationName(location)}
        </li>
      ))}
    </ul>
  );
}

function TargetLink({ url }: { url: string }) {
  const { t } = useTranslation('admin-ads');
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      className="inline-flex max-w-48 min-h-11 items-center gap-1.5 rounded-lg font-semibold text-gold-200 underline-offset-4 hover:underline"
    >
      {/* An address reads left to right, inside a right-to-left page too. */}
      <bdi dir="ltr" className="truncate">
        {targetHost(url)}
      </bdi>
      <ExternalLinkIcon className="size-3.5 shrink-0" />
      <span className="sr-only">{t('table.opensInNewTab')}</span>
    </a>
  );
}

function StateCell({ ad, formats }: { ad: AdminAd; formats: AdStatFormats }) {
  const { t } = useTranslation('admin-ads');
  const { startDate, endDate } = ad.displaySettings;
  return (
    <div className="min-w-28">
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${STATE_BADGES[ad.state]}`}
      >
        {t(`states.${ad.state}`)}
      </span>
      <p className="mt-1 text-xs text-ink-400">
        {t('table.window', {
          start: formats.day(startDate),
          end: endDate ? formats.day(endDate) : t('table.noEnd'),
        })}
      </p>
    </div>
  );
}

/** Impressions, clicks and CTR stacked in one narrow cell: the three figures an admin compares. */
function Figures({ ad, formats }: { ad: AdminAd; formats: AdStatFormats }) {
  const { t } = useTranslation('admin-ads');
  const rows = [
    [t('table.impressions'), formats.number(ad.analytics.totalImpressions)],
    [t('table.clicks'), formats.number(ad.analytics.totalClicks)],
    [t('table.ctr'), <bdi key="ctr">{formats.ctr(ad.analytics.ctr)}</bdi>],
  ] as const;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-3 text-xs">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="whitespace-nowrap text-ink-400">{label}</dt>
          <dd className="text-end font-semibold whitespace-nowrap text-ink-100 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the ad shows and where it leads: the location chips, the target host under them. */
function Placement({ ad }: { ad: AdminAd }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <LocationChips ad={ad} />
      <TargetLink url={ad.targetUrl} />
    </div>
  );
}

/**
 * The ads (the admin spec's "Ad management"). From a laptop's width up, a table that fits the screen without
 * scrolling sideways: the ad (picture, title, description), its status and dates, its figures, where it
 * shows and where it leads, then View analytics, Edit, Activate/Deactivate and Delete as icon buttons, each
 * named for its ad and explained by a tooltip. Below that width, one card per ad with labelled buttons.
 */
export function AdsTable({
  rows,
  loading,
  empty,
  formats,
  actions,
  sort,
  onSortChange,
}: {
  rows: readonly AdminAd[] | undefined;
  loading: boolean;
  empty: ReactNode;
  formats: AdStatFormats;
  actions: AdActions;
  /** The server's sort (`sort`, `order`): the headers on the table, the sort bar above the cards. */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}) {
  const { t } = useTranslation('admin-ads');
  const columns: DataTableColumn<AdminAd>[] = [
    {
      key: 'title',
      header: t('table.adTitle'),
      sortKey: 'title',
      rowHeader: true,
      cell: (ad) => (
        <div className="flex min-w-0 items-start gap-3">
          <Thumbnail ad={ad} />
          <TitleCell ad={ad} />
        </div>
      ),
    },
    {
      key: 'status',
      header: t('table.status'),
      sortKey: 'status',
      cell: (ad) => <StateCell ad={ad} formats={formats} />,
    },
    {
      key: 'performance',
      header: t('table.performance'),
      cell: (ad) => <Figures ad={ad} formats={formats} />,
    },
    {
      key: 'placement',
      header: t('table.locations'),
      cell: (ad) => <Placement ad={ad} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('table.actions')}</span>,
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (ad) => <RowActions ad={ad} actions={actions} />,
    },
  ];
  if (rows && rows.length === 0 && !loading) return <>{empty}</>;
  return (
    <>
      <div className="hidden xl:block">
        <DataTable
          label={t('table.label')}
          columns={columns}
          rows={rows}
          rowKey={(ad) => ad._id}
          loading={loading}
          empty={empty}
          sort={sort}
          onSortChange={onSortChange}
          minWidthClass="min-w-0"
        />
      </div>
      <SortBar
        className="mb-3 xl:hidden"
        sort={sort}
        onSortChange={onSortChange}
        options={[
          { key: 'createdAt', label: t('table.created') },
          { key: 'title', label: t('table.adTitle') },
          { key: 'status', label: t('table.status') },
        ]}
      />
      <AdCards rows={rows} loading={loading} formats={formats} actions={actions} />
    </>
  );
}

/** What each action does, its icon and its words: the table's icon buttons and the cards' labelled ones. */
function useAdActionItems(ad: AdminAd, actions: AdActions) {
  const { t } = useTranslation('admin-ads');
  const name = ad.title;
  return [
    {
      key: 'analytics',
      label: t('table.analyticsNamed', { name }),
      short: t('table.action.analytics'),
      icon: <BarChartIcon className="size-5" />,
      onClick: () => actions.onAnalytics(ad),
    },
    {
      key: 'edit',
      label: t('table.editNamed', { name }),
      short: t('table.action.edit'),
      icon: <EditIcon className="size-5" />,
      onClick: () => actions.onEdit(ad),
    },
    {
      key: 'toggle',
      label: ad.isActive ? t('table.deactivateNamed', { name }) : t('table.activateNamed', { name }),
      short: ad.isActive ? t('table.action.deactivate') : t('table.action.activate'),
      icon: <PowerIcon className={`size-5 ${ad.isActive ? 'text-jade-300' : 'text-ink-400'}`} />,
      onClick: () => actions.onToggle(ad),
      disabled: actions.togglingId === ad._id,
    },
    {
      key: 'delete',
      label: t('table.deleteNamed', { name }),
      short: t('table.action.delete'),
      icon: <TrashIcon className="size-5" />,
      onClick: () => actions.onDelete(ad),
      danger: true,
    },
  ];
}

function RowActions({ ad, actions }: { ad: AdminAd; actions: AdActions }) {
  const items = useAdActionItems(ad, actions);
  return (
    // Two by two: the column stays narrow, so the table fits a laptop's screen.
    <div className="inline-grid grid-cols-[repeat(2,2.75rem)] gap-0.5">
      {items.map((item) => (
        <IconButton
          key={item.key}
          label={item.label}
          tooltip={item.short}
          onClick={item.onClick}
          disabled={item.disabled}
          danger={item.danger}
        >
          {item.icon}
        </IconButton>
      ))}
    </div>
  );
}

/** A phone's or a tablet's ads: one card each, every figure and action in view, nothing to scroll sideways. */
function AdCards({
  rows,
  loading,
  formats,
  actions,
}: {
  rows: readonly AdminAd[] | undefined;
  loading: boolean;
  formats: AdStatFormats;
  actions: AdActions;
}) {
  const { t } = useTranslation('admin-ads');
  return (
    <ul
      aria-label={t('table.label')}
      aria-busy={loading || undefined}
      className={`flex flex-col gap-3 xl:hidden ${loading && rows ? 'opacity-60' : ''}`}
    >
      {rows === undefined
        ? Array.from({ length: 3 }, (_, index) => (
            <li key={index} aria-hidden="true" className="h-48 animate-pulse rounded-2xl bg-white/[0.04]" />
          ))
        : rows.map((ad) => (
            <li key={ad._id} data-ad-card="">
              <AdCard ad={ad} formats={formats} actions={actions} />
            </li>
          ))}
    </ul>
  );
}

function AdCard({ ad, formats, actions }: { ad: AdminAd; formats: AdStatFormats; actions: AdActions }) {
  const items = useAdActionItems(ad, actions);
  return (
    <article aria-label={ad.title} className="rounded-2xl border border-white/10 bg-ink-900/60 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <Thumbnail ad={ad} />
        <div className="min-w-0 flex-1 font-semibold">
          <TitleCell ad={ad} />
        </div>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StateCell ad={ad} formats={formats} />
        <Figures ad={ad} formats={formats} />
        <Placement ad={ad} />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2 border-t border-white/[0.06] pt-3 sm:grid-cols-4">
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            aria-label={item.label}
            onClick={item.onClick}
            disabled={item.disabled}
            className={buttonClass(
              'secondary',
              'sm',
              `w-full px-2 ${item.danger ? 'text-coral-200 hover:border-coral-400/60' : ''}`,
            )}
          >
            {item.icon}
            {item.short}
          </button>
        ))}
      </div>
    </article>
  );
}
