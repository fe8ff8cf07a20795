import {
  songVotersResponseSchema,
  updateVotingSettingsBodySchema,
  votingSettingsResponseSchema,
} from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { getVotingSettings, resetVotingSettings, updateVotingSettings } from './settings-service';
import type { VotingDependencies } from './vote-service';
import * as voting from './vote-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /voting-settings and POST /voting-settings/reset (the admin spec's "Voting control"): admins only. */
/** Registered inside the admin scope (lib/access.ts): admins only, checked there once. */
export function registerVotingSettingsAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/voting-settings',
    { schema: { tags, security, response: { 200: votingSettingsResponseSchema } } },
    async () => ok(await getVotingSettings(deps.db, deps.clock)),
  );

  app.put(
    '/voting-settings',
    {
      schema: {
        tags,
        security,
        body: updateVotingSettingsBodySchema,
        response: { 200: votingSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await updateVotingSettings(deps.db, deps.clock, request.body, adminActor(request));
      return ok(data, successMessage(request, reply, 'votingSettingsUpdated'));
    },
  );

  app.post(
    '/voting-settings/reset',
    {
      schema: {
        tags,
        security,
        // The spec's client posts no body; fastify gives null for none.
        body: z.object({}).strict().nullish(),
        response: { 200: votingSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await resetVotingSettings(deps.db, deps.clock, adminActor(request));
      return ok(data, successMessage(request, reply, 'votingSettingsReset'));
    },
  );
}

/** GET /votes/song/{songId}: who voted for a song and when (fraud review), admins only. */
export function registerSongVotersAdminRoute(app: RouteApp, deps: VotingDependencies) {
  app.get(
    '/votes/song/:songId',
    {
      schema: {
        tags: ['voting'],
        security,
        params: z.object({ songId: z.string().uuid() }),
        response: { 200: songVotersResponseSchema },
      },
    },
    async (request) => ok(await voting.listSongVoters(deps, request.params.songId)),
  );
}
