import {
  castVoteBodySchema,
  castVoteResponseSchema,
  categoryEligibilityResponseSchema,
  songEligibilityResponseSchema,
  votingStatusResponseSchema,
} from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { ok, okWith } from '../../lib/envelope';
import { TooManyRequests } from '../../lib/errors';
import type { Limiter } from '../../lib/rate-limit';
import { requestMeta } from '../../lib/request-meta';
import { getVotingStatus } from './service';
import type { VotingDependencies } from './vote-service';
import * as voting from './vote-service';

const tags = ['voting'];
const security = [{ bearer: [] }];

export function registerVotingRoutes(app: RouteApp, deps: VotingDependencies & { voteLimiter: Limiter }) {
  app.get(
    '/voting-settings/status',
    { config: { access: 'public' }, schema: { tags, response: { 200: votingStatusResponseSchema } } },
    async (_request, reply) => {
      // The answer carries the server's clock (serverTime), which devices use to open and close the vote
      // at the right second: a copy kept by a cache would set their clocks back. The status itself costs
      // one read memoised for 1 s, and clients keep it 30 s.
      reply.header('cache-control', 'no-store');
      return ok(await getVotingStatus(deps.db, deps.clock));
    },
  );

  app.post(
    '/votes',
    {
      config: { access: 'fan' },
      schema: { tags, security, body: castVoteBodySchema, response: { 201: castVoteResponseSchema } },
    },
    async (request, reply) => {
      if (request.viewer) {
        const limit = await deps.voteLimiter.hit(request.viewer.id);
        if (!limit.allowed) {
          deps.metrics?.votes.inc({ outcome: 'refused', reason: 'TOO_MANY_REQUESTS' });
          throw TooManyRequests('TOO_MANY_REQUESTS', {
            extra: { retryAfterSeconds: limit.retryAfterSeconds },
          });
        }
      }
      const { message, result } = await voting.castVote(
        deps,
        request.viewer,
        request.body,
        requestMeta(request),
      );
      reply.status(201);
      return okWith({
        message,
        data: result,
        dailyVoteCount: result.dailyVoteCount,
        dailyVoteLimit: result.dailyVoteLimit,
        remainingVotes: result.remainingVotes,
        category: result.category,
      });
    },
  );

  app.get(
    '/votes/check/:categoryId',
    {
      config: { access: 'signedIn', unauthorizedCode: 'LOGIN_TO_VOTE' },
      schema: {
        tags,
        security,
        params: z.object({ categoryId: z.string().uuid() }),
        response: { 200: categoryEligibilityResponseSchema },
      },
    },
    async (request) =>
      ok(await voting.checkCategoryEligibility(deps, request.viewer, request.params.categoryId)),
  );

  app.get(
    '/votes/check-song/:songId',
    {
      config: { access: 'signedIn', unauthorizedCode: 'LOGIN_TO_VOTE' },
      schema: {
        tags,
        security,
        params: z.object({ songId: z.string().uuid() }),
        response: { 200: songEligibilityResponseSchema },
      },
    },
    async (request) => ok(await voting.checkSongEligibility(deps, request.viewer, request.params.songId)),
  );
}
