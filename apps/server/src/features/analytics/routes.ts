import {
  adminAnalyticsQuerySchema,
  adminAnalyticsResponseSchema,
  errorResponseSchema,
  resultsSettingsResponseSchema,
  selectWinnerBodySchema,
  updateResultsBodySchema,
  VOTE_REPORT_COLUMNS,
  winnerChangeResponseSchema,
  winnerParamsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { datedFileName, sendAudited, sendCsv } from '../../lib/downloads';
import { ok } from '../../lib/envelope';
import { type SuccessKey, successMessage } from '../../lib/language';
import { type ResponseCache, refreshPublicPages } from '../../lib/response-cache';
import { platformTimezone } from '../voting/settings-service';
import { VOTE_REPORT_HEADER, VOTE_REPORT_PREFIX, voteReportRows } from './report';
import { getResultsSettings, type ResultsChange, updateResultsSettings } from './results-service';
import {
  type AnalyticsDependencies,
  clearWinner,
  getAnalytics,
  getRankedCategories,
  recordVoteReportDownload,
  selectWinner,
} from './service';

const tags = ['admin: analytics'];
const security = [{ bearer: [] }];
const winnerErrors = { 404: errorResponseSchema, 409: errorResponseSchema };

const RESULTS_MESSAGES: Record<ResultsChange, SuccessKey> = {
  published: 'resultsPublished',
  unpublished: 'resultsUnpublished',
  saved: 'resultsSaved',
  unchanged: 'resultsSaved',
};

/**
 * Vote analytics and winners (the admin spec's "Vote analytics"): the ranked categories, the results
 * report, winner choice and results visibility. Registered inside the admin scope (lib/access.ts).
 */
export function registerAnalyticsAdminRoutes(
  app: RouteApp,
  deps: AnalyticsDependencies & { cache: ResponseCache },
) {
  app.get(
    '/admin/analytics',
    {
      schema: {
        tags,
        security,
        summary: 'Vote analytics',
        description:
          'Totals (valid votes only, with the quarantined and invalid votes beside them), the results setting, whether voting is open, and every category with its approved songs ranked by valid votes (then title): share of the category in percent (two decimals), competition rank, set-aside votes and the rank they would give. Each category also gives its winner wherever it ranks, winnerNoLongerLeads (a chosen winner not ranked first) and leadUnderReview (quarantined votes would change who leads). Without a query every song is listed; songsPerCategory lists that many from offset, and categoryId answers one category (404 CATEGORY_NOT_FOUND).',
        querystring: adminAnalyticsQuerySchema,
        response: { 200: adminAnalyticsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ok(await getAnalytics(deps, request.query)),
  );

  app.get(
    '/admin/analytics/report',
    {
      schema: {
        tags,
        security,
        summary: 'Export the vote report',
        description: `vote-report-YYYY-MM-DD.csv (the date in the platform's timezone), UTF-8 with a BOM, streamed: ${VOTE_REPORT_COLUMNS.join(', ')}. Cells that would start a formula are neutralised. Audited (results.exported) with the row count and the file's SHA-256.`,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = adminActor(request);
      const [categories, timezone] = await Promise.all([
        getRankedCategories(deps),
        platformTimezone(deps.db),
      ]);
      const filename = datedFileName(VOTE_REPORT_PREFIX, timezone, deps.clock.now());
      await sendAudited(
        () => sendCsv(reply, { filename, header: VOTE_REPORT_HEADER, rows: voteReportRows(categories) }),
        (outcome) => recordVoteReportDownload(deps.db, actor, { filename, ...outcome }),
      );
      return reply;
    },
  );

  app.get(
    '/admin/results',
    {
      schema: {
        tags,
        security,
        summary: 'Results visibility',
        response: { 200: resultsSettingsResponseSchema },
      },
    },
    async () => ok(await getResultsSettings(deps.db)),
  );

  app.put(
    '/admin/results',
    {
      schema: {
        tags,
        security,
        summary: 'Publish or unpublish the results; live standings on or off',
        description:
          'Until published, vote totals and winners are admin-only; showLiveStandings lets the public category pages rank songs by votes without numbers (off: title order). Each change is audited (results.publish, results.unpublish, results.liveStandings) and the public pages follow at once; an unchanged PUT writes nothing.',
        body: updateResultsBodySchema,
        response: { 200: resultsSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const { settings, change } = await updateResultsSettings(deps, request.body, adminActor(request));
      if (change !== 'unchanged') await refreshPublicPages(deps.cache, request.log);
      return ok(settings, successMessage(request, reply, RESULTS_MESSAGES[change]));
    },
  );

  app.post(
    '/admin/categories/:categoryId/winner',
    {
      schema: {
        tags,
        security,
        summary: 'Select a category winner',
        description:
          'One winner per category; a new choice replaces the old (audited category.winner with both). 404 CATEGORY_NOT_FOUND, SONG_NOT_FOUND; 409 SONG_NOT_IN_CATEGORY, SONG_NOT_APPROVED, ALREADY_WINNER, RESULTS_PUBLISHED (unpublish first), VOTING_STILL_OPEN (voting is open and confirmVotingOpen is not true).',
        params: winnerParamsSchema,
        body: selectWinnerBodySchema,
        response: { 200: winnerChangeResponseSchema, ...winnerErrors },
      },
    },
    async (request, reply) => {
      const data = await selectWinner(deps, request.params.categoryId, request.body, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return ok(data, successMessage(request, reply, 'winnerSelected'));
    },
  );

  app.delete(
    '/admin/categories/:categoryId/winner',
    {
      schema: {
        tags,
        security,
        summary: 'Clear a category winner',
        description:
          'Audited category.winnerCleared. 404 CATEGORY_NOT_FOUND; 409 NO_WINNER, RESULTS_PUBLISHED (unpublish first).',
        params: winnerParamsSchema,
        response: { 200: winnerChangeResponseSchema, ...winnerErrors },
      },
    },
    async (request, reply) => {
      const data = await clearWinner(deps, request.params.categoryId, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return ok(data, successMessage(request, reply, 'winnerCleared'));
    },
  );
}
