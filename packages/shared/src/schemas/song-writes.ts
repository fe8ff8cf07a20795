import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { validationMessage as message } from '../messages';
import { songSchema } from './catalog';
import { dataEnvelope } from './envelope';

const optionalText = (max: number, key: Parameters<typeof message>[0]) =>
  z
    .string()
    .trim()
    .max(max, message(key))
    .optional()
    .transform((value) => (value ? value : undefined));

const HTTP_LINK = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

/**
 * The artist where it may not be left out: an admin's edit and a bulk upload row (an artist's own upload
 * falls back to their name instead).
 */
export const requiredArtistSchema = z
  .string({ error: message('artistRequired') })
  .trim()
  .min(1, message('artistRequired'))
  .max(200, message('artistTooLong'));

/** The text fields of an upload (multipart) or an edit; the cover image travels beside them. */
export const songFieldsSchema = z.object({
  title: z
    .string({ error: message('titleRequired') })
    .trim()
    .min(1, message('titleRequired'))
    .max(200, message('titleTooLong')),
  artist: optionalText(200, 'artistTooLong'),
  category: z.string({ error: message('categoryRequired') }).uuid(message('categoryRequired')),
  songLink: z
    .string({ error: message('songLinkRequired') })
    .trim()
    .min(1, message('songLinkRequired'))
    .max(2000, message('songLinkInvalid'))
    .regex(HTTP_LINK, message('songLinkInvalid')),
  description: optionalText(MAX_TEXT_LENGTH, 'descriptionTooLong'),
  duration: z
    .string()
    .trim()
    .regex(/^(\d{1,2}:)?\d{1,2}:\d{2}$/, message('durationInvalid'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  releaseDate: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message('releaseDateInvalid'))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Comma-separated, as the upload form sends them. */
  tags: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40)).max(10, message('tagsTooMany'))),
});
export type SongFields = z.infer<typeof songFieldsSchema>;

export const createSongResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: songSchema,
});

export const copySongBodySchema = z.object({
  targetCategoryId: z.string({ error: message('categoryRequired') }).uuid(message('categoryRequired')),
});

export const artistStatsSchema = z.object({
  totalSongs: z.number().int(),
  totalVotes: z.number().int(),
  totalViews: z.number().int(),
  totalArtists: z.number().int(),
});
export const artistStatsResponseSchema = dataEnvelope(artistStatsSchema);

/** An artist's own song on the dashboard: its votes and its rank in its category. */
export const artistSongSchema = songSchema.extend({
  totalVotes: z.number().int(),
  rankInCategory: z.number().int().nullable(),
  /** The admin's reason when the song was moderated (a rejection's reason is shown to the artist). */
  moderationReason: z.string().nullable(),
});
export const artistSongsResponseSchema = dataEnvelope(z.array(artistSongSchema));
