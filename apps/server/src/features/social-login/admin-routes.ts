import { adminSocialLoginSettingsResponseSchema, updateSocialLoginSettingsBodySchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminOnly, requireRole } from '../../lib/policy';
import {
  getAdminSocialLoginSettings,
  type SocialSettingsDependencies,
  updateSocialLoginSettings,
} from './settings';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /admin/social-login-settings (spec 2 "Social login settings"): admins only. */
export function registerSocialLoginAdminRoutes(app: RouteApp, deps: SocialSettingsDependencies) {
  app.get(
    '/admin/social-login-settings',
    {
      preValidation: adminOnly,
      schema: { tags, security, response: { 200: adminSocialLoginSettingsResponseSchema } },
    },
    async () => ({ success: true as const, data: await getAdminSocialLoginSettings(deps) }),
  );

  app.put(
    '/admin/social-login-settings',
    {
      preValidation: adminOnly,
      schema: {
        tags,
        security,
        body: updateSocialLoginSettingsBodySchema,
        response: { 200: adminSocialLoginSettingsResponseSchema },
      },
    },
    async (request) => {
      const viewer = requireRole(request, ['admin']);
      const data = await updateSocialLoginSettings(deps, request.body, { id: viewer.id, ip: request.ip });
      return { success: true as const, data, message: 'Social login settings updated successfully' };
    },
  );
}
