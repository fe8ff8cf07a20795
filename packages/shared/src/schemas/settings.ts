import { z } from 'zod';
import { MAX_ADMIN_AUDIT_RETENTION_YEARS, RETENTION } from '../constants';
import { validationMessage } from '../messages';
import { DEFAULT_VOTE_QUOTA_SETTINGS } from '../vote-quota';
import { AD_LOCATIONS } from './ads';
import { dataEnvelope } from './envelope';

/** The spec sets only a minimum of 1; a bound keeps the quota a sane integer. */
export const MAX_VOTES_PER_USER = 1000;

/** Platform-wide settings (the admin spec's "Platform settings"); the server enforces every one of them. */
export const platformSettingsSchema = z.object({
  deviceRestrictions: z.object({
    enabled: z.boolean(),
    oneAccountPerDevice: z.boolean(),
    allowMultipleDevices: z.boolean(),
  }),
  votingSettings: z.object({
    allowMultipleVotes: z.boolean(),
    maxVotesPerUser: z
      .number()
      .int(validationMessage('maxVotesPerUserInvalid'))
      .min(1, validationMessage('maxVotesPerUserInvalid'))
      .max(MAX_VOTES_PER_USER, validationMessage('maxVotesPerUserInvalid')),
    dailyVotesPerCategory: z
      .number()
      .int(validationMessage('dailyVotesPerCategoryInvalid'))
      .min(1, validationMessage('dailyVotesPerCategoryInvalid'))
      .max(100, validationMessage('dailyVotesPerCategoryInvalid')),
    enableDailyVoting: z.boolean(),
  }),
  securitySettings: z.object({
    requireEmailVerification: z.boolean(),
    requireCaptcha: z.boolean(),
    /** Every admin must sign in with a second factor (an authenticator app); one without is led to set it up. */
    requireAdminSecondFactor: z.boolean(),
  }),
  generalSettings: z.object({
    allowRegistration: z.boolean(),
    allowSocialLogin: z.boolean(),
  }),
  retentionSettings: z.object({
    /**
     * Years the admins' audit entries are kept. Security entries (sign-ins, lockouts, resets) always go after
     * RETENTION.securityLogsYears, and admin entries never go sooner than that.
     */
    adminAuditRetentionYears: z
      .number()
      .int(validationMessage('adminAuditRetentionYearsInvalid'))
      .min(RETENTION.securityLogsYears, validationMessage('adminAuditRetentionYearsInvalid'))
      .max(MAX_ADMIN_AUDIT_RETENTION_YEARS, validationMessage('adminAuditRetentionYearsInvalid')),
  }),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/**
 * PUT /admin/settings: the whole settings object, as the spec sends it. `retentionSettings` came later and
 * may be left out (a client written against the spec does not know it): what is stored then stays.
 */
export const updatePlatformSettingsBodySchema = platformSettingsSchema.extend({
  retentionSettings: platformSettingsSchema.shape.retentionSettings.optional(),
  // Came later too: a body without it keeps what is stored.
  securitySettings: platformSettingsSchema.shape.securitySettings.extend({
    requireAdminSecondFactor: z.boolean().optional(),
  }),
});
export type UpdatePlatformSettingsBody = z.infer<typeof updatePlatformSettingsBodySchema>;

/**
 * Server defaults: the spec's published terms (one vote per category per 24 hours), e-mail
 * verification and the self-hosted CAPTCHA on, admin audit entries kept as long as the security logs.
 */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  deviceRestrictions: { enabled: false, oneAccountPerDevice: false, allowMultipleDevices: true },
  votingSettings: { ...DEFAULT_VOTE_QUOTA_SETTINGS },
  securitySettings: { requireEmailVerification: true, requireCaptcha: true, requireAdminSecondFactor: false },
  generalSettings: { allowRegistration: true, allowSocialLogin: true },
  retentionSettings: { adminAuditRetentionYears: RETENTION.securityLogsYears },
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
  /** Where an ad can be served right now: those slots reserve their space before the ads arrive. */
  ads: z.object({ locations: z.array(z.enum(AD_LOCATIONS)) }),
  /**
   * The vote quota the voting settings make (vote-quota.ts `voteQuotaRule`), as the server enforces it:
   * every rule text of the public pages is worded from it.
   */
  votingRule: z.object({
    perCategory: z.number().int().min(1),
    perSong: z.number().int().min(1),
    daily: z.boolean(),
  }),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export const publicSettingsResponseSchema = dataEnvelope(publicSettingsSchema);

/** GET and PUT /admin/settings (admins): the whole settings object. */
export const adminSettingsResponseSchema = dataEnvelope(platformSettingsSchema);
