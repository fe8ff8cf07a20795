import {
  errorResponseSchema,
  integritySignalsQuerySchema,
  integritySignalsResponseSchema,
  integrityVotesPageResponseSchema,
  integrityVotesQuerySchema,
} from '@ovation/shared';
import type { FastifyReply } from 'fastify';
import type { RouteApp } from '../../app-context';
import { page } from '../../lib/envelope';
import { paginationOf } from '../../lib/pagination';
import { getIntegritySignalsAnswer, type IntegritySignalDependencies } from './signal-service';
import { listIntegrityVotes } from './votes-list-service';

const tags = ['admin: vote integrity'];

const security = [{ bearer: [] }];

/** Already-serialised JSON: Fastify sends a string as it is. */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/**
 * The fraud-review signals and the votes behind them; registered inside the admin
 * scope (lib/access.ts): admins only, checked there once.
 */
export function registerIntegritySignalAdminRoutes(app: RouteApp, deps: IntegritySignalDependencies) {
  app.get(
    '/admin/integrity/signals',
    {
      schema: {
        tags,
        security,
        summary: 'Fraud-review signals',
        description:
          'Within a window (1h, 6h, 24h by default, 7d, all) and one category or all: votes per song over time with spikes against the song’s own previous half hour (series of [epochSeconds, votes] per bucketSeconds), and clusters of accounts voting from one network prefix, one device signature, created in a burst and voting at once after verifying, or sharing an e-mail pattern, concentrated on one song far beyond its share of everybody else’s votes. Each cluster carries the filter that lists its votes (GET /admin/integrity/votes) and that quarantine takes. Leads for a person to review, never verdicts. Computed for all categories once per window and kept for 15 s (then answered while a recomputation runs, up to 5 min). 404 CATEGORY_NOT_FOUND.',
        querystring: integritySignalsQuerySchema,
        response: { 200: integritySignalsResponseSchema, 404: errorResponseSchema },
      },
    },
    // Built and serialised once per scope and computation (signal-service.ts).
    async (request, reply) => sendJson(reply, await getIntegritySignalsAnswer(deps, request.query)),
  );

  app.get(
    '/admin/integrity/votes',
    {
      schema: {
        tags,
        security,
        summary: 'Votes of a filter',
        description:
          'The votes a filter selects (every field narrows: categoryId, songId, ipPrefix, deviceSignature, emailPattern, accountsCreatedFrom/To, from/to inclusive, status, reviewId), newest first (order=asc for oldest), 50 a page (limit up to 100): time, fan, song, category, network prefix (never the full IP address), device type and signature, the first 8 characters of the browser’s device id (X-Device-Id, when the vote carried one), and the review that set it aside. An unknown field is a 400; a category, song or review that does not exist, 404 CATEGORY_NOT_FOUND, SONG_NOT_FOUND or REVIEW_NOT_FOUND.',
        querystring: integrityVotesQuerySchema,
        response: { 200: integrityVotesPageResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const { votes, total } = await listIntegrityVotes(deps, request.query);
      return page(votes, paginationOf(request.query, total));
    },
  );
}
