import { z } from 'zod';
import { AD_LOCATIONS, MAX_AD_IMPRESSIONS_PER_BATCH, MAX_AD_SLOTS_PER_PAGE } from '../ad-constants';
import { dataEnvelope } from './envelope';

// ---------------------------------------------------------------------------------------------------
// Serving and counting (public)

/** What a page asks for: `?slots=header,sidebar,between-songs,between-songs,footer` (a location per slot). */
export const adSlotsQuerySchema = z.object({
  slots: z
    .string()
    .max(400)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(AD_LOCATIONS)).min(1).max(MAX_AD_SLOTS_PER_PAGE)),
});

export const servedAdSchema = z.object({
  /** The slot's index in the request's `slots`. */
  slot: z.number().int(),
  location: z.enum(AD_LOCATIONS),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Signed: the ad, the location, the viewer and when it was served. Impressions send it back. */
  token: z.string(),
  /** The click redirect (`/api/ad-click/<token>`): records the click, then goes to the stored target. */
  clickUrl: z.string(),
  /** The target's host, shown on the ad ('example.com'). */
  targetHost: z.string(),
});
export type ServedAd = z.infer<typeof servedAdSchema>;
export const adSlotsResponseSchema = dataEnvelope(z.object({ ads: z.array(servedAdSchema) }));

/** A serve token is 62 characters; a little room for a future version, none for padding a batch out. */
export const MAX_AD_TOKEN_LENGTH = 64;
/** POST /ad-events' body limit: a full batch (4 × the counted maximum, each a full-length token) fits. */
export const AD_EVENTS_BODY_LIMIT = 16 * 1024;

/** POST /ad-events: the tokens of ads seen (half on screen for a second); sent with sendBeacon. */
export const adImpressionBatchSchema = z.object({
  impressions: z.array(z.string().max(MAX_AD_TOKEN_LENGTH)).max(MAX_AD_IMPRESSIONS_PER_BATCH * 4),
});
export type AdImpressionBatch = z.infer<typeof adImpressionBatchSchema>;

/** No length limit here: any token that does not verify (too long included) redirects home, as a bad one does. */
export const adTokenParamsSchema = z.object({ token: z.string() });
