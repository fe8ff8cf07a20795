import { adminSocialLoginSettingsResponseSchema, updateSocialLoginSettingsBodySchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import {
  getAdminSocialLoginSettings,
  type SocialSettingsDependencies,
  updateSocialLoginSettings,
} from './settings';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** GET and PUT /admin/social-login-settings (the admin spec's "Social login settings"): admins only. */
/** Registered inside the admin scope (lib/access.ts): admins only, checked there once. */
export function registerSocialLoginAdminRoutes(app: RouteApp, deps: SocialSettingsDependencies) {
  app.get(
    '/admin/social-login-settings',
    {
      schema: { tags, security, response: { 200: adminSocialLoginSettingsResponseSchema } },
    },
    async () => ok(await getAdminSocialLoginSettings(deps)),
  );

  app.put(
    '/admin/social-login-settings',
    {
      schema: {
        tags,
        security,
        body: updateSocialLoginSettingsBodySchema,
        response: { 200: adminSocialLoginSettingsResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await updateSocialLoginSettings(deps, request.body, adminActor(request));
      return ok(data, successMessage(request, reply, 'socialLoginSettingsUpdated'));
    },
  );
}
