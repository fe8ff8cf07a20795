import { adminSettingsResponseSchema, updatePlatformSettingsBodySchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
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
      const data = await updatePlatformSettings(deps.db, deps.clock, request.body, adminActor(request));
      return ok(data, successMessage(request, reply, 'settingsUpdated'));
    },
  );
}
