import { z } from 'zod';
import { MAX_TEXT_LENGTH, SONG_STATUSES, type SongStatus } from '../constants';
import { validationMessage as message } from '../messages';
import { sortableListQuery } from './admin-list';
import { imageRefSchema } from './catalog';
import { dataEnvelope, pageEnvelope } from './envelope';
import { requiredArtistSchema, songFieldsSchema } from './song-writes';

/** The status filter of the moderation list: `all` (or empty, as the spec's client sends) means no filter. */
export const ADMIN_SONG_STATUS_FILTERS = ['all', ...SONG_STATUSES] as const;
export type AdminSongStatusFilter = (typeof ADMIN_SONG_STATUS_FILTERS)[number];

/** The columns the moderation list sorts by (`sort`); the first is the default (newest first). */
export const ADMIN_SONG_SORTS = ['createdAt', 'title', 'artist', 'category', 'status'] as const;
export type AdminSongSort = (typeof ADMIN_SONG_SORTS)[number];

/** GET /admin/songs: the list contract plus the status filter; newest first unless sorted otherwise. */
export const adminSongsQuerySchema = sortableListQuery(ADMIN_SONG_SORTS).extend({
  status: z
    .union([z.enum(ADMIN_SONG_STATUS_FILTERS), z.literal('')])
    .optional()
    .transform((value) => (value && value !== 'all' ? value : undefined)),
});
export type AdminSongsQuery = z.infer<typeof adminSongsQuerySchema>;

/** The dashboard's 'Pending Approvals' shows 5 (the admin spec); a caller may ask for up to 20. */
export const PENDING_SONGS_SHOWN = 5;
export const pendingSongsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(PENDING_SONGS_SHOWN),
});

/** The admin's view of a song: what the moderation list, the dashboard and the edit form need. */
export const adminSongSchema = z.object({
  _id: z.string(),
  title: z.string(),
  artist: z.string(),
  /** The default-size cover URL; `cover` has every width for a responsive image. */
  albumCover: z.string().nullable(),
  cover: imageRefSchema.nullable(),
  category: z.object({ _id: z.string(), name: z.string() }),
  status: z.enum(SONG_STATUSES),
  description: z.string(),
  songLink: z.string(),
  totalVotes: z.number().int(),
  /** The admin's reason, shown to the artist (mostly for a rejection). */
  moderationReason: z.string().nullable(),
  moderatedAt: z.string().nullable(),
  uploader: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Sent back as `expectedUpdatedAt` with an edit, so a stale edit is refused instead of overwriting. */
  updatedAt: z.string(),
});
export type AdminSong = z.infer<typeof adminSongSchema>;

export const adminSongPageResponseSchema = pageEnvelope(adminSongSchema);
export const adminSongListResponseSchema = dataEnvelope(z.array(adminSongSchema));
export const adminSongResponseSchema = dataEnvelope(adminSongSchema);

export const songStatsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  total: z.number().int(),
});
export type SongStats = z.infer<typeof songStatsSchema>;
export const songStatsResponseSchema = dataEnvelope(songStatsSchema);

/** `reopen` sends a decided song back to pending review (a reversal: `expectedStatus` and a reason required). */
export const MODERATION_ACTIONS = ['approve', 'reject', 'reopen'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The status each moderation action gives a song. */
export const STATUS_OF_ACTION: Record<ModerationAction, SongStatus> = {
  approve: 'approved',
  reject: 'rejected',
  reopen: 'pending',
};
/** 500 characters: the spec's limit on free text (descriptions, notes). */
export const MAX_REASON_LENGTH = MAX_TEXT_LENGTH;

const moderationFields = {
  action: z.enum(MODERATION_ACTIONS),
  /** Optional; the artist sees it on their dashboard. Empty means none. */
  reason: z
    .string()
    .trim()
    .max(MAX_REASON_LENGTH, message('reasonTooLong'))
    .optional()
    .transform((value) => (value ? value : undefined)),
};

/**
 * PUT /admin/songs/{id}/verify. `expectedStatus` is the status the admin saw: the decision applies only
 * if the song still has it (else 409), so two admins never overwrite each other. Without it the song must
 * be pending (a first decision). Changing a decision already taken (approved or rejected) needs a reason,
 * which the artist reads, and must change the status.
 */
export const verifySongBodySchema = z
  .object({ ...moderationFields, expectedStatus: z.enum(SONG_STATUSES).optional() })
  .superRefine((body, context) => {
    const expected = body.expectedStatus ?? 'pending';
    if (STATUS_OF_ACTION[body.action] === expected) {
      context.addIssue({ code: 'custom', path: ['action'], message: message('moderationUnchanged') });
    }
    if (expected !== 'pending' && !body.reason) {
      context.addIssue({ code: 'custom', path: ['reason'], message: message('reasonRequired') });
    }
  });
export type VerifySongBody = z.input<typeof verifySongBodySchema>;

/** The most songs one bulk moderation may name: one page of the list at its largest. */
export const MAX_BULK_MODERATION = 100;

/** PUT /admin/songs/verify: several songs at once, in one transaction. */
export const verifySongsBodySchema = z.object({
  ids: z.array(z.string().uuid()).min(1).max(MAX_BULK_MODERATION),
  ...moderationFields,
  /** A bulk decision is a first decision: pending songs only (a reversal is made one song at a time). */
  action: z.enum(['approve', 'reject']),
});
export type VerifySongsBody = z.input<typeof verifySongsBodySchema>;

/** Why a song of a bulk moderation was left alone: someone moderated it first, or it is gone. */
export const skippedSongSchema = z.object({
  _id: z.string(),
  status: z.enum([...SONG_STATUSES, 'missing']),
});
export const verifySongsResponseSchema = dataEnvelope(
  z.object({ moderated: z.array(adminSongSchema), skipped: z.array(skippedSongSchema) }),
);

/** A song's cover in an edit: an uploaded file travels beside; this is a link or the current value. */
const albumCoverLink = z
  .string()
  .trim()
  .max(2000, message('albumCoverInvalid'))
  .refine(
    (value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value) || /^\/uploads\/[^\s]+$/.test(value),
    {
      message: message('albumCoverInvalid'),
    },
  )
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * PUT /songs/{id} (multipart): title, artist and link are required (the admin spec); the cover is a
 * new image file, a link, or the current value (unchanged). `expectedUpdatedAt` is the `updatedAt` the
 * editor opened, so a change by someone else in between is refused rather than overwritten.
 */
export const songEditFieldsSchema = songFieldsSchema
  .pick({ title: true, songLink: true, description: true })
  .extend({
    artist: requiredArtistSchema,
    albumCover: albumCoverLink,
    /**
     * Moves the song to another category (admins only). Refused once the song has votes: a vote counts
     * in the category it was cast in, so a song with votes stays where its votes are (copy it instead).
     */
    categoryId: z
      .string()
      .uuid(message('categoryRequired'))
      .optional()
      .or(z.literal('').transform(() => undefined)),
    expectedUpdatedAt: z
      .string()
      .datetime({ offset: true })
      .optional()
      .or(z.literal('').transform(() => undefined)),
  });
export type SongEditFields = z.infer<typeof songEditFieldsSchema>;
export type SongEditInput = z.input<typeof songEditFieldsSchema>;
