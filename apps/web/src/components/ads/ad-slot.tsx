import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import type { AdLocation } from '@ovation/shared/schemas/ads';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { adBoxMaxWidth, betweenSongsSlot, RESERVED_AD_BOX } from '../../lib/ads/page-slots';
import { type AdSlotState, useAdSlot } from './ad-page';

/** The sidebar column's width (18.75rem): the common 300 px medium rectangle. */
const SIDEBAR_WIDTH_PX = 300;

/** The widths the browser picks a rendition for: the slot's box, never wider than the ad itself. */
function imageSizes(location: AdLocation, width: number): string {
  if (location === 'sidebar') return `${Math.min(width, SIDEBAR_WIDTH_PX)}px`;
  // The popup's modal is at most 42rem wide, its content 38rem (608 px).
  if (location === 'popup') return `(min-width: 42rem) ${Math.min(width, 608)}px, calc(100vw - 5rem)`;
  return `(min-width: ${width}px) ${width}px, 100vw`;
}

/** The quiet 'Ad' tag over every ad, with the site it leads to. */
function AdLabel({ host }: { host?: string }) {
  const { t } = useTranslation();
  return (
    <p className="mb-1.5 flex h-5 items-center justify-between gap-3 text-xs text-ink-400">
      <span className="rounded border border-white/15 px-1.5 font-semibold tracking-wider uppercase">
        {t('ads.label')}
      </span>
      {host && (
        <span dir="ltr" className="truncate">
          {host}
        </span>
      )}
    </p>
  );
}

/**
 * One ad: the label, then the picture linking to the click redirect (which records the click and opens
 * the sponsor's site in a new tab). Without `ad`, the location's box, kept empty while the ads load.
 * The box has the location's proportions before the ads answer, so nothing moves when they do.
 */
export function AdCreative({ location, ad }: { location: AdLocation; ad: ServedAd | null }) {
  const { t } = useTranslation();
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Every ad at a location fills the same box (the picture contained in it), so the box kept while the ads
  // load is exactly the one that arrives, whatever the sponsor's proportions: nothing moves on a first visit.
  const box = RESERVED_AD_BOX[location];
  const maxWidth = adBoxMaxWidth(location, box);

  useEffect(() => {
    const element = linkRef.current;
    if (!ad || !element) return;
    // The tracker's code comes with the first ad, not with every page.
    let stop: (() => void) | undefined;
    let left = false;
    void import('../../lib/ads/impression-tracker').then(({ impressionTracker }) => {
      if (!left) stop = impressionTracker()?.watch(element, ad.token);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [ad]);

  if (!ad) {
    return (
      <div aria-hidden="true" className="mx-auto w-full" style={{ maxWidth }}>
        <AdLabel />
        <div
          className="rounded-xl bg-white/[0.03] ring-1 ring-white/[0.06]"
          style={{ aspectRatio: `${box.width} / ${box.height}` }}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto w-full" style={{ maxWidth }}>
      <AdLabel host={ad.targetHost} />
      <a
        ref={linkRef}
        href={ad.clickUrl}
        target="_blank"
        rel="sponsored noopener"
        className="block overflow-hidden rounded-xl bg-white/[0.03] ring-1 ring-white/10 transition-shadow hover:ring-gold-400/50"
        style={{ aspectRatio: `${box.width} / ${box.height}` }}
      >
        <img
          src={ad.imageUrl}
          srcSet={ad.srcSet || undefined}
          sizes={ad.srcSet ? imageSizes(location, maxWidth) : undefined}
          width={ad.width}
          height={ad.height}
          alt={ad.title}
          loading="lazy"
          decoding="async"
          className="size-full object-contain"
        />
        <span className="sr-only">{t('ads.opensInNewTab')}</span>
      </a>
    </div>
  );
}

/** A slot's ad, or the box it keeps while the ads load. */
function SlotCreative({
  location,
  slot,
}: {
  location: AdLocation;
  slot: Exclude<AdSlotState, { kind: 'none' }>;
}) {
  return <AdCreative location={location} ad={slot.kind === 'ad' ? slot.ad : null} />;
}

interface AdSlotProps {
  location: AdLocation;
  /** Which slot of the location on the page (the 2nd between-songs ad is occurrence 1). */
  occurrence?: number;
  /** 'li' between the cards of a song list. */
  as?: 'div' | 'li';
  /** The slot stands outside main, header and footer: it becomes a named landmark of its own. */
  landmark?: boolean;
  className?: string;
}

/**
 * A slot of the page at `location`: its ad, its reserved box while the ads load, or nothing at all. A strip
 * the layout puts outside the page's other landmarks (home's header strip sits above its header, the footer
 * strip between main and footer) is a complementary landmark of its own, named by where it is: a screen
 * reader's landmark list then holds every part of the page, and no two share a name.
 */
export function AdSlot({ location, occurrence = 0, as, landmark = false, className = '' }: AdSlotProps) {
  const { t } = useTranslation();
  const slot = useAdSlot(location, occurrence);
  if (slot.kind === 'none') return null;
  const Tag = landmark ? 'aside' : (as ?? 'div');
  return (
    <Tag
      data-ad-location={location}
      aria-label={landmark ? t(`ads.region.${location === 'header' ? 'header' : 'footer'}`) : undefined}
      className={className}
    >
      <SlotCreative location={location} slot={slot} />
    </Tag>
  );
}

/**
 * The ad after the song card at `index` of `total` (one after every 6th card with another after it), as
 * an item of the cards' list; `className` sets the span it takes in the grid.
 */
export function BetweenSongsAd({
  index,
  total,
  className,
}: {
  index: number;
  total: number;
  className: string;
}) {
  const occurrence = betweenSongsSlot(index, total);
  if (occurrence === null) return null;
  return (
    <AdSlot location="between-songs" occurrence={occurrence} as="li" className={`self-center ${className}`} />
  );
}

/**
 * A section of the songs or category page with the sidebar ad beside it on wide screens, kept in view as
 * the list scrolls. The section's own markup stays the same with or without the ad (no remount).
 */
export function WithAdSidebar({
  children,
  sidebarClassName = '',
}: {
  children: ReactNode;
  /** Lines the ad up with the section's first line (the section's own top margin or padding). */
  sidebarClassName?: string;
}) {
  const slot = useAdSlot('sidebar');
  const shown = slot.kind !== 'none';
  return (
    <div className={shown ? 'xl:grid xl:grid-cols-[minmax(0,1fr)_18.75rem] xl:items-start xl:gap-8' : ''}>
      <div className="min-w-0">{children}</div>
      {shown && (
        <div data-ad-location="sidebar" className={`sticky top-24 hidden xl:block ${sidebarClassName}`}>
          <SlotCreative location="sidebar" slot={slot} />
        </div>
      )}
    </div>
  );
}
