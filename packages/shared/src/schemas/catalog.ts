import { z } from 'zod';
import {
  CATEGORY_TYPES,
  DEFAULT_PAGE_SIZE,
  LINK_KINDS,
  MAX_PAGE_SIZE,
  MAX_TEXT_LENGTH,
  SONG_STATUSES,
} from '../constants';
import { dataEnvelope, pageEnvelope } from './envelope';

/** Cover image: `url` is the default size; `srcSet` lists every rendered width for responsive images. */
export const imageRefSchema = z.object({
  url: z.string(),
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

export const categoryTranslationSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
});
/** `{ fr?: { name?, description? }, pt?, ar?, sw? }`: what is missing falls back to English. */
export const categoryTranslationsSchema = z.object({
  fr: categoryTranslationSchema.optional(),
  pt: categoryTranslationSchema.optional(),
  ar: categoryTranslationSchema.optional(),
  sw: categoryTranslationSchema.optional(),
});
export type CategoryTranslations = z.infer<typeof categoryTranslationsSchema>;

export const categorySummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  icon: z.string(),
  /** The name in the other languages (no descriptions: song lists only show the name). */
  translations: categoryTranslationsSchema.optional(),
});

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(CATEGORY_TYPES),
  region: z.string().nullable(),
  icon: z.string(),
  color: z.string(),
  sortOrder: z.number().int(),
  translations: categoryTranslationsSchema,
  /** Approved songs: what the public pages list. */
  totalSongs: z.number().int(),
  /** Only present for admins: every song of the category, whatever its status. */
  songCount: z.number().int().optional(),
  /** Valid votes: always for admins; for everyone else only once the results are published. */
  totalVotes: z.number().int().optional(),
  /** The chosen winner (null: none yet): always for admins; for everyone else only once published. */
  winnerSongId: z.string().nullable().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const songSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  artistId: z
    .object({ _id: z.string(), name: z.string(), avatar: z.string().nullable(), bio: z.string() })
    .nullable(),
  category: categorySummarySchema,
  songLink: z.string(),
  linkKind: z.enum(LINK_KINDS),
  audioUrl: z.string().nullable(),
  albumCover: z.string().nullable(),
  cover: imageRefSchema.nullable(),
  duration: z.string().nullable(),
  releaseDate: z.string().nullable(),
  tags: z.array(z.string()),
  description: z.string(),
  views: z.number().int(),
  isVerified: z.boolean(),
  status: z.enum(SONG_STATUSES),
  /** Why an admin rejected the song: only for its uploader and admins, and only while it is not approved. */
  moderationReason: z.string().nullable().optional(),
  createdAt: z.string(),
  /** Valid votes: always for admins; for everyone else only once the results are published. */
  totalVotes: z.number().int().optional(),
  /** Whether the song won its category: always for admins; for everyone else only once published. */
  isWinner: z.boolean().optional(),
  /**
   * Its place on a ranked category page (competition ranking: tied songs share a place, 1, 1, 3), so the
   * page shows ties right without the totals that would reveal them; absent where songs are not ranked.
   */
  rank: z.number().int().positive().optional(),
});
export type Song = z.infer<typeof songSchema>;

export const SONG_SORT_FIELDS = ['createdAt', 'totalVotes', 'title', 'artist'] as const;

export const listSongsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  sortBy: z.enum(SONG_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(100).optional(),
  category: z.string().uuid().optional(),
});
export type ListSongsQuery = z.infer<typeof listSongsQuerySchema>;

export const songPageResponseSchema = pageEnvelope(songSchema);
export const songResponseSchema = dataEnvelope(songSchema);
export const categoryListResponseSchema = dataEnvelope(z.array(categorySchema));
/**
 * How a category page may rank its songs for the public:
 * - final: the results are published; songs by valid votes, with totals, isWinner and the category's winner;
 * - live: not published, live standings on; songs ranked by votes (#1..n) without numbers or winner;
 * - hidden: neither; songs in a neutral order (title A to Z), no rank shown.
 * Admins get the public state too, with their songs always ranked by votes and with totals.
 */
export const STANDINGS = ['final', 'live', 'hidden'] as const;
export type Standings = (typeof STANDINGS)[number];

export const categoryDetailResponseSchema = dataEnvelope(
  z.object({ category: categorySchema, songs: z.array(songSchema), standings: z.enum(STANDINGS) }),
);

export const statsSchema = z.object({
  totalSongs: z.number().int(),
  totalVotes: z.number().int(),
  totalUsers: z.number().int(),
  totalCategories: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
export const statsResponseSchema = dataEnvelope(statsSchema);

/** A banner's title and description in one language. */
export const bannerTranslationSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
});
/** `{ fr?: { title?, description? }, pt?, ar?, sw? }`: what is missing falls back to English. */
export const bannerTranslationsSchema = z.object({
  fr: bannerTranslationSchema.optional(),
  pt: bannerTranslationSchema.optional(),
  ar: bannerTranslationSchema.optional(),
  sw: bannerTranslationSchema.optional(),
});
export type BannerTranslations = z.infer<typeof bannerTranslationsSchema>;

export const bannerSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The title and description in the other languages (localizeBanner picks the visitor's). */
  translations: bannerTranslationsSchema,
  filename: z.string(),
  fullUrl: z.string(),
  /** Every rendered width, for a responsive hero image on slow phones. */
  srcSet: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** An upright crop of the middle for phones, where the hero is taller than wide (null without a file). */
  portrait: imageRefSchema.nullable(),
  order: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannerListResponseSchema = dataEnvelope(z.array(bannerSchema));

export const descriptionSchema = z.string().trim().max(MAX_TEXT_LENGTH);
