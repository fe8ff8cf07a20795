import {
  errorResponseSchema,
  invalidateReviewBodySchema,
  quarantineBodySchema,
  restoreReviewBodySchema,
  voteActionResponseSchema,
  voteReviewPageResponseSchema,
  voteReviewParamsSchema,
  voteReviewsQuerySchema,
} from '@ovation/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import type { Database } from '../../lib/db';
import { datedFileName, sendAudited, sendCsv } from '../../lib/downloads';
import { ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { paginationOf } from '../../lib/pagination';
import { type ResponseCache, refreshPublicPages } from '../../lib/response-cache';
import { platformTimezone } from '../voting/settings-service';
import {
  buildIntegrityReport,
  INTEGRITY_REPORT_HEADER,
  INTEGRITY_REPORT_PREFIX,
  recordIntegrityReportDownload,
} from './integrity-report';
import {
  type IntegrityReviewDependencies,
  invalidateReview,
  listReviews,
  quarantineVotes,
  restoreReview,
} from './review-service';
import { forgetIntegritySignals } from './signal-service';

const tags = ['admin: vote integrity'];
const security = [{ bearer: [] }];
const actionErrors = {
  400: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * A change of vote states changes public totals and rankings and the clusters' valid votes: once it
 * committed, this instance's kept signals are dropped (others recompute within the signals' freshness) and
 * the public pages' cache is dropped everywhere. A cache that cannot be told (Redis down) is logged, not
 * answered as a failure to retry.
 */
async function afterVotesChanged(deps: { db: Database; cache: ResponseCache }, log: FastifyBaseLogger) {
  forgetIntegritySignals(deps.db);
  await refreshPublicPages(deps.cache, log);
}

/**
 * Fraud review's actions: quarantine, invalidate, restore, the reviews list
 * and the integrity report. Registered inside the admin scope (lib/access.ts): admins only, checked there.
 */
export function registerIntegrityReviewAdminRoutes(
  app: RouteApp,
  deps: IntegrityReviewDependencies & { cache: ResponseCache },
) {
  app.post(
    '/admin/integrity/quarantine',
    {
      schema: {
        tags,
        security,
        summary: 'Quarantine votes',
        description:
          'Sets votes aside under a new open review, with a reason: a selection (`voteIds`, up to 10,000, each must exist and be valid) or every valid vote a `filter` matches now (exactly one of the two). The votes leave every total at once; the songs’ tallies drop in the same transaction. Answers the review, the number changed and the affected songs’ valid totals before and after. Audited (votes.quarantine) with the ids. 404 VOTE_NOT_FOUND; 404 CATEGORY_NOT_FOUND, SONG_NOT_FOUND, REVIEW_NOT_FOUND (an id of the filter that does not exist); 409 VOTES_ALREADY_IN_STATE, 409 QUARANTINE_TOO_LARGE (a filter over 50,000 votes), 409 RESULTS_PUBLISHED.',
        body: quarantineBodySchema,
        response: { 201: voteActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const data = await quarantineVotes(deps, request.body, adminActor(request));
      await afterVotesChanged(deps, request.log);
      return reply.status(201).send(ok(data, successMessage(request, reply, 'votesQuarantined')));
    },
  );

  app.get(
    '/admin/integrity/reviews',
    {
      schema: {
        tags,
        security,
        summary: 'List vote reviews',
        description:
          'Reviews newest first (`order=asc` for oldest), 20 a page: `status=open` (awaiting a decision), `decided` or `all` (default); `search` looks in the reasons. Each with its votes counted by state now, its categories, who opened and decided it, and `canInvalidate` for the caller (false once decided, or for its author while another active admin exists).',
        querystring: voteReviewsQuerySchema,
        response: { 200: voteReviewPageResponseSchema },
      },
    },
    async (request) => {
      const { reviews, total } = await listReviews(deps, request.query, adminActor(request).id);
      return page(reviews, paginationOf(request.query, total));
    },
  );

  app.post(
    '/admin/integrity/reviews/:id/invalidate',
    {
      schema: {
        tags,
        security,
        summary: 'Confirm a review’s votes invalid',
        description:
          'The review’s quarantined votes become invalid for good (the totals do not move: they were already out) and the review is decided. When the platform has more than one active admin, the admin who opened the review cannot do this (403 SECOND_ADMIN_REQUIRED). Audited (votes.invalidate). 404 REVIEW_NOT_FOUND, 409 REVIEW_ALREADY_DECIDED, 409 RESULTS_PUBLISHED, 409 VOTES_ALREADY_IN_STATE (no vote of the review is quarantined any more).',
        params: voteReviewParamsSchema,
        body: invalidateReviewBodySchema,
        response: { 200: voteActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const data = await invalidateReview(deps, request.params.id, request.body, adminActor(request));
      await afterVotesChanged(deps, request.log);
      return ok(data, successMessage(request, reply, 'votesInvalidated'));
    },
  );

  app.post(
    '/admin/integrity/reviews/:id/restore',
    {
      schema: {
        tags,
        security,
        summary: 'Restore a review’s votes',
        description:
          'The review’s quarantined votes (all, or the `voteIds` listed) are valid again and count at once; the tallies rise in the same transaction. Once none of its votes is quarantined the review is decided. Audited (votes.restore). 404 REVIEW_NOT_FOUND, 404 VOTE_NOT_FOUND (an id that is not this review’s vote), 409 VOTES_ALREADY_IN_STATE, 409 RESULTS_PUBLISHED.',
        params: voteReviewParamsSchema,
        body: restoreReviewBodySchema,
        response: { 200: voteActionResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const data = await restoreReview(deps, request.params.id, request.body, adminActor(request));
      await afterVotesChanged(deps, request.log);
      return ok(data, successMessage(request, reply, 'votesRestored'));
    },
  );

  app.get(
    '/admin/integrity/report',
    {
      schema: {
        tags,
        security,
        summary: 'Download the integrity report',
        description:
          'CSV (UTF-8 with BOM), integrity-report-YYYY-MM-DD.csv dated in the platform’s timezone: Category, Valid votes, Quarantined votes, Invalid votes, Reasons (each review with its state), Decided by; one row per category and a Total row. Audited (integrity.exported) with the row count and SHA-256.',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = adminActor(request);
      const [timezone, rows] = await Promise.all([platformTimezone(deps.db), buildIntegrityReport(deps.db)]);
      const filename = datedFileName(INTEGRITY_REPORT_PREFIX, timezone, deps.clock.now());
      await sendAudited(
        () => sendCsv(reply, { filename, header: INTEGRITY_REPORT_HEADER, rows: [rows] }),
        (outcome) => recordIntegrityReportDownload(deps.db, actor, { filename, ...outcome }),
      );
      return reply;
    },
  );
}
