import { type AdLocation, BETWEEN_SONGS_EVERY } from '@ovation/shared/ad-constants';
import { SONGS_PAGE_SIZE } from '@ovation/shared/constants';

/**
 * Ads show on the public pages only, so the list says which pages those are: a new page carries no ad
 * until it is added here (never the admin area, sign-in, registration, password or verification pages).
 */
const LEGAL_PAGES = new Set(['/privacy-policy', '/terms-of-service', '/data-protection']);
const SONG_PAGE = /^\/songs\/[^/]+\/?$/;
const CATEGORY_PAGE = /^\/categories\/[^/]+\/?$/;

/** The songs list shows SONGS_PAGE_SIZE cards: an ad after every 6th that has a card after it. */
const SONGS_LIST_BETWEEN_SLOTS = Math.floor((SONGS_PAGE_SIZE - 1) / BETWEEN_SONGS_EVERY);
/**
 * A category lists all its songs, a number not known when the ads are asked for (before the songs arrive):
 * three slots cover categories of up to 24 songs; a slot the page does not use is never shown nor counted.
 */
const CATEGORY_BETWEEN_SLOTS = 3;

/** The sidebar shows from this width on (Tailwind's xl); narrower screens do not ask for it. */
export const SIDEBAR_MIN_WIDTH_PX = 1280;

function repeat(location: AdLocation, times: number): AdLocation[] {
  return Array.from({ length: times }, () => location);
}

/**
 * The slots a public page asks for, in one request: header strip, the page's own slots, footer strip,
 * (unless it was shown today) the popup, and the between-songs slots last. The server fills the slots in
 * order and never shows an ad twice on a page, so the slots the page always shows come first: a short
 * category leaves its later between-songs slots unshown, and the ads drawn for those must not be ones the
 * footer or the popup could have had. Null for a page that carries no ads.
 */
export function pageAdSlots(
  pathname: string,
  options: { wide: boolean; popup: boolean },
): AdLocation[] | null {
  const sidebar: AdLocation[] = options.wide ? ['sidebar'] : [];
  let own: AdLocation[];
  let betweenSongs = 0;
  if (pathname === '/') own = ['banner'];
  else if (pathname === '/songs' || pathname === '/songs/') {
    own = sidebar;
    betweenSongs = SONGS_LIST_BETWEEN_SLOTS;
  } else if (CATEGORY_PAGE.test(pathname)) {
    own = sidebar;
    betweenSongs = CATEGORY_BETWEEN_SLOTS;
  } else if (pathname === '/categories' || SONG_PAGE.test(pathname) || LEGAL_PAGES.has(pathname)) own = [];
  else return null;
  return [
    'header',
    ...own,
    'footer',
    ...(options.popup ? (['popup'] as const) : []),
    ...repeat('between-songs', betweenSongs),
  ];
}

/**
 * Which between-songs slot follows the card at `index` of a list of `total` cards: one after every 6th
 * card that has another card after it ("between" the cards), or null.
 */
export function betweenSongsSlot(index: number, total: number): number | null {
  const position = index + 1;
  if (position % BETWEEN_SONGS_EVERY !== 0 || position >= total) return null;
  return position / BETWEEN_SONGS_EVERY - 1;
}

/**
 * Each place's box (the common sizes: leaderboard strips, a medium rectangle in the sidebar, a billboard
 * under the slideshow): kept while the ads load and filled by the ad, its picture contained in it, so the
 * page does not move when the ad comes, whatever its proportions.
 */
export const RESERVED_AD_BOX: Record<AdLocation, { width: number; height: number }> = {
  header: { width: 728, height: 90 },
  footer: { width: 728, height: 90 },
  'between-songs': { width: 728, height: 90 },
  sidebar: { width: 300, height: 250 },
  banner: { width: 970, height: 250 },
  popup: { width: 600, height: 500 },
};

/**
 * The tallest an ad may show at each place, so a sponsor's picture made for another place keeps the page's
 * shape: a billboard served in the header strip shows smaller, in its own proportions, not 300 px tall.
 */
export const MAX_AD_HEIGHT: Record<AdLocation, number> = {
  header: 120,
  footer: 150,
  'between-songs': 250,
  sidebar: 600,
  banner: 250,
  popup: 480,
};

/** The widest the ad's box may be: its own width, less if its height would pass the location's limit. */
export function adBoxMaxWidth(location: AdLocation, box: { width: number; height: number }): number {
  return Math.min(box.width, Math.floor((MAX_AD_HEIGHT[location] * box.width) / box.height));
}
