import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants';
import { validationMessage as message } from '../messages';
import { type VoteFilter, voteFilterSchema } from './admin-integrity-signals';
import { listQuerySchema } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/** A review's course: open while its votes are quarantined, then decided once. */
export const VOTE_REVIEW_STATUSES = ['open', 'invalidated', 'restored'] as const;
export type VoteReviewStatus = (typeof VOTE_REVIEW_STATUSES)[number];

/** The reviews list's filter: open ones (the queue), decided ones, or all (the default). */
export const VOTE_REVIEW_LIST_FILTERS = ['open', 'decided', 'all'] as const;
export type VoteReviewListFilter = (typeof VOTE_REVIEW_LIST_FILTERS)[number];

/** 10,000 ids: the largest selection one call takes (a cluster is quarantined by its filter instead). */
export const MAX_SELECTED_VOTES = 10_000;
/** 3 characters: a reason is a few words for the next admin, never empty or a stray key. */
export const MIN_REVIEW_REASON_LENGTH = 3;
/** 500 characters, the spec's limit on reasons and notes. */
export const MAX_REVIEW_REASON_LENGTH = MAX_TEXT_LENGTH;
/** 200 characters: a cluster's label (a prefix, a signature, an e-mail pattern, a span) fits easily. */
export const MAX_REVIEW_LABEL_LENGTH = 200;

/** A filter that names nothing: it would select every vote of the platform. */
const namesNothing = (filter: VoteFilter) => Object.values(filter).every((value) => value === undefined);

const reasonSchema = z
  .string({ error: message('reasonTooShort') })
  .trim()
  .min(MIN_REVIEW_REASON_LENGTH, message('reasonTooShort'))
  .max(MAX_REVIEW_REASON_LENGTH, message('reasonTooLong'));

const noteSchema = z.string().trim().max(MAX_TEXT_LENGTH).optional();

/** Vote ids are the votes table's bigserial: positive whole numbers. */
const voteIdsSchema = z
  .array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER))
  .min(1)
  .max(MAX_SELECTED_VOTES);

/**
 * POST /admin/integrity/quarantine: a reason and exactly one of `voteIds` (a selection) or `filter` (a
 * cluster: every valid vote it matches at the moment of the call). An empty filter would be every vote
 * of the platform, so it is refused like a missing one. `label` is what the screen called the cluster
 * (its label in the signals); kept with the review.
 */
export const quarantineBodySchema = z
  .object({
    reason: reasonSchema,
    voteIds: voteIdsSchema.optional(),
    filter: voteFilterSchema.optional(),
    label: z.string().trim().max(MAX_REVIEW_LABEL_LENGTH).optional(),
  })
  .strict()
  .refine(
    (body) =>
      body.voteIds !== undefined
        ? body.filter === undefined
        : body.filter !== undefined && !namesNothing(body.filter),
    { message: message('votesOrFilterRequired'), path: ['voteIds'] },
  );
export type QuarantineBody = z.infer<typeof quarantineBodySchema>;

/** POST /admin/integrity/reviews/{id}/invalidate: an optional note on the decision. No body is fine. */
export const invalidateReviewBodySchema = z.object({ note: noteSchema }).strict().nullish();
export type InvalidateReviewBody = z.infer<typeof invalidateReviewBodySchema>;

/** POST /admin/integrity/reviews/{id}/restore: all the review's quarantined votes, or the ids listed. */
export const restoreReviewBodySchema = z
  .object({ voteIds: voteIdsSchema.optional(), note: noteSchema })
  .strict()
  .nullish();
export type RestoreReviewBody = z.infer<typeof restoreReviewBodySchema>;

/** A review's id in a path: the vote_reviews bigserial. */
export const voteReviewParamsSchema = z.object({
  id: z.coerce
    .number({ error: message('idInvalid') })
    .int({ error: message('idInvalid') })
    .min(1, message('idInvalid'))
    .max(Number.MAX_SAFE_INTEGER, message('idInvalid')),
});

/** GET /admin/integrity/reviews: the list contract plus the status filter; search looks in the reasons. */
export const voteReviewsQuerySchema = listQuerySchema.extend({
  status: z
    .union([z.enum(VOTE_REVIEW_LIST_FILTERS), z.literal('')], { error: message('optionInvalid') })
    .optional()
    .transform((value) => (value ? value : 'all')),
});
export type VoteReviewsQuery = z.infer<typeof voteReviewsQuerySchema>;

const personSchema = z.object({ _id: z.string(), name: z.string() });

/**
 * One review as the integrity screen lists it. The vote counts are the review's votes by their state now
 * (restored votes are valid again and count). `label` is the cluster's label when a filter was
 * quarantined, null for a hand-made selection. `canInvalidate` is false once decided, and for the admin who
 * opened the review while the platform has another active admin (the second-admin rule).
 */
export const voteReviewSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  status: z.enum(VOTE_REVIEW_STATUSES),
  voteCount: z.number().int(),
  quarantinedVotes: z.number().int(),
  invalidVotes: z.number().int(),
  restoredVotes: z.number().int(),
  categories: z.array(z.object({ _id: z.string(), name: z.string() })),
  label: z.string().nullable(),
  createdBy: personSchema.nullable(),
  createdAt: z.string(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  canInvalidate: z.boolean(),
});
export type VoteReview = z.infer<typeof voteReviewSchema>;
export const voteReviewPageResponseSchema = pageEnvelope(voteReviewSchema);

/** Valid votes per song id: the songs an action touched, before and after it. */
export const songTotalsSchema = z.record(z.string(), z.number().int());
export type SongTotals = z.infer<typeof songTotalsSchema>;

/** What quarantine, invalidate and restore answer: the review as it now stands, and the count's change. */
export const voteActionResultSchema = z.object({
  review: voteReviewSchema,
  /** Votes whose state this call changed. */
  changed: z.number().int(),
  totalsBefore: songTotalsSchema,
  totalsAfter: songTotalsSchema,
});
export type VoteActionResult = z.infer<typeof voteActionResultSchema>;
export const voteActionResponseSchema = dataEnvelope(voteActionResultSchema);

/** The integrity report's file name: the date is the platform's (its timezone), YYYY-MM-DD. */
export function integrityReportFilename(date: string) {
  return `integrity-report-${date}.csv`;
}
