/**
 * The ads' constants the public pages need, without zod: the public bundle imports this, never
 * schemas/ads.ts, so the home page does not download the schema library. schemas/ads.ts re-exports them.
 */

/** Where an ad may show (the admin spec); 'banner' is the default. */
export const AD_LOCATIONS = ['header', 'sidebar', 'footer', 'between-songs', 'popup', 'banner'] as const;
export type AdLocation = (typeof AD_LOCATIONS)[number];
export const DEFAULT_AD_LOCATION: AdLocation = 'banner';

/** Between-songs ads: one after every 6th song card. */
export const BETWEEN_SONGS_EVERY = 6;
/** The most ads one page asks for (every location, several between songs). */
export const MAX_AD_SLOTS_PER_PAGE = 12;
/** The most impressions one beacon carries; a longer batch is cut, not refused. */
export const MAX_AD_IMPRESSIONS_PER_BATCH = 50;
