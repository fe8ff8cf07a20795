import { type AdLocation, publicSettingsResponseSchema, voteQuotaRule } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { CaptchaVerifier } from '../../lib/captcha';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { getPlatformSettings } from './service';

export function registerPublicSettingsRoutes(
  app: RouteApp,
  deps: { db: Database; captcha: CaptchaVerifier; adLocations: () => Promise<AdLocation[]> },
) {
  app.get(
    '/public/public-settings',
    {
      // The same for every visitor: a CDN may keep it (lib/http-caching.ts).
      config: { access: 'public', caching: 'shared' },
      schema: { tags: ['settings'], response: { 200: publicSettingsResponseSchema } },
    },
    async () => {
      const [settings, adLocations] = await Promise.all([getPlatformSettings(deps.db), deps.adLocations()]);
      return ok({
        securitySettings: {
          requireCaptcha: settings.securitySettings.requireCaptcha,
          requireEmailVerification: settings.securitySettings.requireEmailVerification,
          captchaProvider: deps.captcha.provider,
          recaptchaSiteKey: deps.captcha.siteKey,
        },
        generalSettings: settings.generalSettings,
        ads: { locations: adLocations },
        votingRule: voteQuotaRule(settings.votingSettings),
      });
    },
  );
}
