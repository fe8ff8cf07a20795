import { z } from 'zod';
import { validationMessage as message } from '../messages';
import { listQuerySchema, MAX_ADMIN_PAGE_SIZE } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/** The states a vote can be in: only `valid` votes count anywhere. */
export const VOTE_STATUSES = ['valid', 'quarantined', 'invalid'] as const;
export type VoteStatus = (typeof VOTE_STATUSES)[number];

/** The time windows the signals screen offers; 24h is the default. */
export const SIGNAL_WINDOWS = ['1h', '6h', '24h', '7d', 'all'] as const;
export type SignalWindow = (typeof SIGNAL_WINDOWS)[number];

/** The kinds of cluster the signals find: leads for a person to review, never verdicts. */
export const CLUSTER_KINDS = ['network', 'device', 'registration-burst', 'email-pattern'] as const;
export type ClusterKind = (typeof CLUSTER_KINDS)[number];

/** The votes list pages by 50 (up to 100): a cluster is usually read in one or two pages. */
export const VOTES_LIST_PAGE_SIZE = 50;

/** Empty (as a query string sends an unused field) means absent. */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalId = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .uuid({ error: message('idInvalid') })
    .optional(),
);

const optionalInstant = z.preprocess(
  emptyToUndefined,
  z.iso.datetime({ offset: true, error: message('dateInvalid') }).optional(),
);

/**
 * A network prefix as votes store it: IPv4 /24 ('41.203.77.0/24') or IPv6 /64 ('2c0f:f4c0:1:2::/64').
 * Never a full address.
 */
const IP_PREFIX_PATTERN = /^(?:\d{1,3}\.\d{1,3}\.\d{1,3}\.0\/24|[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){0,3}::\/64)$/;

/**
 * A device signature as votes store it: 16 lower-case hex characters (SHA-256 of user agent + language).
 * Read loosely (letters and digits, up to 64) so a signature written by another tool still matches itself.
 */
const DEVICE_SIGNATURE_PATTERN = /^[0-9A-Za-z]{1,64}$/;

/**
 * An e-mail pattern as the signals write it: the address lower-cased with every run of digits in its
 * local part replaced by '#' ('afrovote101@mail.com' and 'afrovote7@mail.com' are both 'afrovote#@mail.com').
 */
const EMAIL_PATTERN_PATTERN = /^[^@\s]{1,200}@[^@\s]{1,120}$/;

/**
 * Which votes: every field narrows (AND). Used in the query string of GET /admin/integrity/votes and as
 * JSON in the quarantine call, and given back by every cluster as the votes it is made of.
 * - `from`/`to`: the vote's time, both inclusive (to the millisecond).
 * - `accountsCreatedFrom`/`accountsCreatedTo`: when the voter's account was created, both inclusive.
 * - `emailPattern`: the voter's e-mail matches the pattern (see EMAIL_PATTERN_PATTERN's comment).
 */
export const voteFilterFields = {
  categoryId: optionalId,
  songId: optionalId,
  ipPrefix: z.preprocess(
    (value) =>
      typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : emptyToUndefined(value),
    z
      .string()
      .max(50)
      .regex(IP_PREFIX_PATTERN, { error: message('formatInvalid') })
      .optional(),
  ),
  deviceSignature: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim()) : emptyToUndefined(value)),
    z
      .string()
      .regex(DEVICE_SIGNATURE_PATTERN, { error: message('formatInvalid') })
      .optional(),
  ),
  emailPattern: z.preprocess(
    (value) =>
      typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : emptyToUndefined(value),
    z
      .string()
      .max(321)
      .regex(EMAIL_PATTERN_PATTERN, { error: message('formatInvalid') })
      .optional(),
  ),
  accountsCreatedFrom: optionalInstant,
  accountsCreatedTo: optionalInstant,
  from: optionalInstant,
  to: optionalInstant,
  status: z.preprocess(
    emptyToUndefined,
    z.enum(VOTE_STATUSES, { error: message('optionInvalid') }).optional(),
  ),
  reviewId: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: message('integerInvalid') })
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
  ),
};

/** A vote filter (query string or JSON); unknown fields are refused so a typo never widens the set. */
export const voteFilterSchema = z.object(voteFilterFields).strict();
export type VoteFilter = z.infer<typeof voteFilterSchema>;

/** A vote filter as the API answers it (inside a cluster): plain values, already normalised. */
export const voteFilterValueSchema = z.object({
  categoryId: z.string().optional(),
  songId: z.string().optional(),
  ipPrefix: z.string().optional(),
  deviceSignature: z.string().optional(),
  emailPattern: z.string().optional(),
  accountsCreatedFrom: z.string().optional(),
  accountsCreatedTo: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  status: z.enum(VOTE_STATUSES).optional(),
  reviewId: z.number().int().optional(),
});

/** GET /admin/integrity/signals: one category (or all) within a window (24h by default). */
export const integritySignalsQuerySchema = z.object({
  categoryId: optionalId,
  window: z.preprocess(
    emptyToUndefined,
    z.enum(SIGNAL_WINDOWS, { error: message('optionInvalid') }).default('24h'),
  ),
});
export type IntegritySignalsQuery = z.infer<typeof integritySignalsQuerySchema>;

/** A minute whose votes for a song stand far above that song's own previous half hour. */
export const velocitySpikeSchema = z.object({
  /** The minute's start, ISO 8601. */
  at: z.string(),
  votes: z.number().int(),
  /** The song's mean votes a minute over the 30 minutes before (two decimals). */
  baseline: z.number(),
});

export const velocitySeriesSchema = z.object({
  songId: z.string(),
  title: z.string(),
  artist: z.string(),
  categoryId: z.string(),
  /** [bucket start in epoch seconds, votes in the bucket], every bucket of the window (zeros included). */
  points: z.array(z.tuple([z.number().int(), z.number().int()])),
  spikes: z.array(velocitySpikeSchema),
});

export const voteClusterSchema = z.object({
  /** Stable while the cluster stays the same: kind, what it shares, song and first vote. */
  key: z.string(),
  kind: z.enum(CLUSTER_KINDS),
  /**
   * What the accounts share, as data (the screen words it): the prefix for 'network', the signature for
   * 'device', the e-mail pattern for 'email-pattern', and for 'registration-burst' the span the accounts
   * were created in as an ISO 8601 interval ('2025-05-01T10:00:00.000Z/2025-05-01T10:09:30.000Z').
   */
  label: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  songId: z.string(),
  songTitle: z.string(),
  /** Accounts whose votes are in the cluster. */
  accounts: z.number().int(),
  /** The cluster's votes (every status) and those of them still valid. */
  votes: z.number().int(),
  validVotes: z.number().int(),
  /** The cluster's votes over all the song's votes in the same span (0..1, every status). */
  shareOfSongVotes: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** Lists exactly the cluster's votes (GET /admin/integrity/votes) and is what quarantine takes. */
  filter: voteFilterValueSchema,
});
export type VoteCluster = z.infer<typeof voteClusterSchema>;

export const integritySignalsSchema = z.object({
  window: z.object({ from: z.string(), to: z.string() }),
  categoryId: z.string().nullable(),
  velocity: z.object({
    /** Width of one point of the series: 60 s up to a day's window, wider for 7d and all. */
    bucketSeconds: z.number().int(),
    series: z.array(velocitySeriesSchema),
  }),
  clusters: z.array(voteClusterSchema),
});
export type IntegritySignals = z.infer<typeof integritySignalsSchema>;
export const integritySignalsResponseSchema = dataEnvelope(integritySignalsSchema);

/**
 * GET /admin/integrity/votes: a vote filter plus the list contract's page, limit (50 by default, at most
 * 100) and order (newest first by default). Unknown fields are refused, as in the filter.
 */
export const integrityVotesQuerySchema = listQuerySchema
  .pick({ page: true, order: true })
  .extend({
    limit: z.coerce.number().int().min(1).max(MAX_ADMIN_PAGE_SIZE).default(VOTES_LIST_PAGE_SIZE),
    ...voteFilterFields,
  })
  .strict();
export type IntegrityVotesQuery = z.infer<typeof integrityVotesQuerySchema>;

/** One vote as fraud review lists it: the network prefix only, never the full address. */
export const integrityVoteSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  status: z.enum(VOTE_STATUSES),
  fan: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  song: z.object({ _id: z.string(), title: z.string() }),
  category: z.object({ _id: z.string(), name: z.string() }),
  ipPrefix: z.string().nullable(),
  deviceType: z.string().nullable(),
  /** The short hashed browser signature (not personal data on its own); lets the admin pivot to it. */
  deviceSignature: z.string().nullable(),
  /**
   * The first 8 characters of the browser's own device id (X-Device-Id) when the vote carried one:
   * enough to see one browser behind several accounts, not enough to pose as it.
   */
  deviceId: z.string().nullable(),
  review: z.object({ id: z.number().int(), reason: z.string() }).nullable(),
});
export type IntegrityVote = z.infer<typeof integrityVoteSchema>;
export const integrityVotesPageResponseSchema = pageEnvelope(integrityVoteSchema);
