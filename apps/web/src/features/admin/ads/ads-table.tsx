import type { AdminAd, AdState } from '@ovation/shared/schemas/ads';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data/data-table';
import { buttonClass } from '../../../components/ui/button-styles';
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
    <div className="w-52">
      <p className="break-words text-ink-50">
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
    <ul className="flex w-40 flex-wrap gap-1">
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
      className="inline-flex max-w-40 min-h-11 items-center gap-1.5 rounded-lg font-semibold text-gold-200 underline-offset-4 hover:underline"
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
    <div className="w-32">
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

function IconButton({
  label,
  onClick,
  disabled,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={buttonClass(
        'ghost',
        'sm',
        `px-0 ${danger ? 'text-coral-300 hover:bg-coral-500/10' : 'text-ink-200 hover:text-ink-50'}`,
      )}
    >
      {children}
    </button>
  );
}

/**
 * The ads (the admin spec's "Ad management"): picture, title with its description, status, impressions, clicks, CTR,
 * locations and target (its host, opening in a new tab), then View analytics, Edit, Activate/Deactivate
 * and Delete. The figures come right after the title, so a laptop shows them without scrolling; the table
 * is wider than a phone or a laptop's column and scrolls sideways in its card, while the actions column
 * stays pinned at the inline end (from a tablet's width up), so every row's buttons stay in view.
 */
export function AdsTable({
  rows,
  loading,
  empty,
  formats,
  actions,
}: {
  rows: readonly AdminAd[] | undefined;
  loading: boolean;
  empty: ReactNode;
  formats: AdStatFormats;
  actions: AdActions;
}) {
  const { t } = useTranslation('admin-ads');
  const figure = 'whitespace-nowrap tabular-nums';
  const columns: DataTableColumn<AdminAd>[] = [
    {
      key: 'image',
      header: t('table.image'),
      cell: (ad) => <Thumbnail ad={ad} />,
    },
    {
      key: 'title',
      header: t('table.adTitle'),
      rowHeader: true,
      cell: (ad) => <TitleCell ad={ad} />,
    },
    {
      key: 'status',
      header: t('table.status'),
      cell: (ad) => <StateCell ad={ad} formats={formats} />,
    },
    {
      key: 'impressions',
      header: t('table.impressions'),
      align: 'end',
      className: figure,
      cell: (ad) => formats.number(ad.analytics.totalImpressions),
    },
    {
      key: 'clicks',
      header: t('table.clicks'),
      align: 'end',
      className: figure,
      cell: (ad) => formats.number(ad.analytics.totalClicks),
    },
    {
      key: 'ctr',
      header: t('table.ctr'),
      align: 'end',
      className: figure,
      cell: (ad) => <bdi>{formats.ctr(ad.analytics.ctr)}</bdi>,
    },
    {
      key: 'locations',
      header: t('table.locations'),
      cell: (ad) => <LocationChips ad={ad} />,
    },
    {
      key: 'target',
      header: t('table.targetUrl'),
      cell: (ad) => <TargetLink url={ad.targetUrl} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('table.actions')}</span>,
      align: 'end',
      // Pinned at the inline end over the scrolled columns (an opaque background, a rule at its start) from
      // a tablet's width up; a phone has no room to spare for it and scrolls to it instead.
      className: 'whitespace-nowrap md:sticky md:end-0 md:z-[1] md:border-s md:border-white/10 md:bg-ink-900',
      cell: (ad) => <RowActions ad={ad} actions={actions} />,
    },
  ];
  return (
    <DataTable
      label={t('table.label')}
      columns={columns}
      rows={rows}
      rowKey={(ad) => ad._id}
      loading={loading}
      empty={empty}
      minWidthClass="min-w-[64rem]"
    />
  );
}

function RowActions({ ad, actions }: { ad: AdminAd; actions: AdActions }) {
  const { t } = useTranslation('admin-ads');
  const name = ad.title;
  return (
    // Two by two: the pinned column stays narrow, and the figures beside it stay in view on a laptop.
    <div className="grid grid-cols-[repeat(2,2.75rem)] justify-end gap-0.5">
      <IconButton label={t('table.analyticsNamed', { name })} onClick={() => actions.onAnalytics(ad)}>
        <BarChartIcon className="size-5" />
      </IconButton>
      <IconButton label={t('table.editNamed', { name })} onClick={() => actions.onEdit(ad)}>
        <EditIcon className="size-5" />
      </IconButton>
      <IconButton
        label={ad.isActive ? t('table.deactivateNamed', { name }) : t('table.activateNamed', { name })}
        onClick={() => actions.onToggle(ad)}
        disabled={actions.togglingId === ad._id}
      >
        <PowerIcon className={`size-5 ${ad.isActive ? 'text-jade-300' : 'text-ink-400'}`} />
      </IconButton>
      <IconButton label={t('table.deleteNamed', { name })} onClick={() => actions.onDelete(ad)} danger>
        <TrashIcon className="size-5" />
      </IconButton>
    </div>
  );
}
