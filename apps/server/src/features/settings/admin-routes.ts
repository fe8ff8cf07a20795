import { adminSettingsResponseSchema, platformSettingsSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { adminOnly, requireRole } from '../../lib/policy';
import { getPlatformSettings, updatePlatformSettings } from './service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /admin/settings (spec 2 "Platform settings"): admins only, every change audited. */
export function registerPlatformSettingsAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/admin/settings',
    { preValidation: adminOnly, schema: { tags, security, response: { 200: adminSettingsResponseSchema } } },
    async () => ({ success: true as const, data: await getPlatformSettings(deps.db) }),
  );

  app.put(
    '/admin/settings',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        body: platformSettingsSchema,
        response: { 200: adminSettingsResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireRole(request, ['admin']);
      const data = await updatePlatformSettings(deps.db, deps.clock, request.body, {
        id: viewer.id,
        ip: request.ip,
      });
      return { success: true as const, data, message: 'Settings updated successfully' };
    },
  );
}
