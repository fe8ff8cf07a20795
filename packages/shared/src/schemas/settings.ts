import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** Platform-wide settings (spec 2 "Platform settings"); the server enforces every one of them. */
export const platformSettingsSchema = z.object({
  deviceRestrictions: z.object({
    enabled: z.boolean(),
    oneAccountPerDevice: z.boolean(),
    allowMultipleDevices: z.boolean(),
  }),
  votingSettings: z.object({
    allowMultipleVotes: z.boolean(),
    maxVotesPerUser: z.number().int().min(1),
    dailyVotesPerCategory: z.number().int().min(1).max(100),
    enableDailyVoting: z.boolean(),
  }),
  securitySettings: z.object({
    requireEmailVerification: z.boolean(),
    requireCaptcha: z.boolean(),
  }),
  generalSettings: z.object({
    allowRegistration: z.boolean(),
    allowSocialLogin: z.boolean(),
  }),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/**
 * Server defaults: the spec's published terms (one vote per category per 24 hours), e-mail
 * verification and the self-hosted CAPTCHA on.
 */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  deviceRestrictions: { enabled: false, oneAccountPerDevice: false, allowMultipleDevices: true },
  votingSettings: {
    allowMultipleVotes: false,
    maxVotesPerUser: 1,
    dailyVotesPerCategory: 1,
    enableDailyVoting: true,
  },
  securitySettings: { requireEmailVerification: true, requireCaptcha: true },
  generalSettings: { allowRegistration: true, allowSocialLogin: true },
};

export const CAPTCHA_PROVIDERS = ['altcha', 'recaptcha'] as const;

export const publicSettingsSchema = z.object({
  securitySettings: z.object({
    requireCaptcha: z.boolean(),
    requireEmailVerification: z.boolean(),
    captchaProvider: z.enum(CAPTCHA_PROVIDERS),
    recaptchaSiteKey: z.string().nullable(),
  }),
  generalSettings: z.object({ allowRegistration: z.boolean(), allowSocialLogin: z.boolean() }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponseSchema = dataEnvelope(publicSettingsSchema);
