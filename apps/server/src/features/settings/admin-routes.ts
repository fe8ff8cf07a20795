import { adminSettingsResponseSchema, updatePlatformSettingsBodySchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { Conflict } from '../../lib/errors';
import { successMessage } from '../../lib/language';
import { hasSecondFactor } from '../accounts/service';
import { getPlatformSettings, updatePlatformSettings } from './service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /admin/settings (the admin spec's "Platform settings"): admins only, every change audited. */
/** Registered inside the admin scope (lib/access.ts): admins only, checked there once. */
export function registerPlatformSettingsAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/admin/settings',
    { schema: { tags, security, response: { 200: adminSettingsResponseSchema } } },
    async () => ok(await getPlatformSettings(deps.db)),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags,
        security,
        body: updatePlatformSettingsBodySchema,
        response: { 200: adminSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const actor = adminActor(request);
      // Requiring a second factor of every admin starts with one's own, so the switch cannot lock its
      // author out of the settings that turn it back off.
      if (
        request.body.securitySettings.requireAdminSecondFactor &&
        !(await hasSecondFactor(deps.db, actor.id))
      )
        throw Conflict('SECOND_FACTOR_NEEDED_TO_REQUIRE');
      const data = await updatePlatformSettings(deps.db, deps.clock, request.body, actor);
      return ok(data, successMessage(request, reply, 'settingsUpdated'));
    },
  );
}
