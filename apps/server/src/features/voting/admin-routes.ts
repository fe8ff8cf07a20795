import { updateVotingSettingsBodySchema, votingSettingsResponseSchema } from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { adminOnly, requireRole } from '../../lib/policy';
import { getVotingSettings, resetVotingSettings, updateVotingSettings } from './settings-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /voting-settings and POST /voting-settings/reset (spec 2 "Voting control"): admins only. */
export function registerVotingSettingsAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/voting-settings',
    { preValidation: adminOnly, schema: { tags, security, response: { 200: votingSettingsResponseSchema } } },
    async () => ({ success: true as const, data: await getVotingSettings(deps.db, deps.clock) }),
  );

  app.put(
    '/voting-settings',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        body: updateVotingSettingsBodySchema,
        response: { 200: votingSettingsResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireRole(request, ['admin']);
      const data = await updateVotingSettings(deps.db, deps.clock, request.body, {
        id: viewer.id,
        ip: request.ip,
      });
      return { success: true as const, data, message: 'Voting settings updated successfully' };
    },
  );

  app.post(
    '/voting-settings/reset',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        // The spec's client posts no body; fastify gives null for none.
        body: z.object({}).strict().nullish(),
        response: { 200: votingSettingsResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireRole(request, ['admin']);
      const data = await resetVotingSettings(deps.db, deps.clock, { id: viewer.id, ip: request.ip });
      return { success: true as const, data, message: 'Voting settings reset to defaults' };
    },
  );
}
