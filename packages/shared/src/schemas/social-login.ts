import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** The social sign-in providers the platform offers (the public spec, the admin spec's "Social login settings"). */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * The short reasons the server puts in `/auth/callback?error=<reason>` when a social sign-in fails.
 * The web app treats any of them as "social_auth_failed" (the public spec); they exist for logs and support.
 */
export const SOCIAL_LOGIN_ERRORS = [
  'provider_disabled',
  'access_denied',
  'provider_error',
  'invalid_state',
  'exchange_failed',
  'email_not_verified',
  'account_deactivated',
  'registration_closed',
  'device_in_use',
  'device_id_required',
  'server_error',
] as const;
export type SocialLoginError = (typeof SOCIAL_LOGIN_ERRORS)[number];

/** OAuth client ids are short public strings; 256 leaves room for any provider's format. */
const credentialIdField = z.string().trim().max(256);
/** Client secrets are at most a few hundred characters at the providers we support. */
const credentialSecretField = z.string().trim().max(512);

const providerViewFields = {
  enabled: z.boolean(),
  useEnvCredentials: z.boolean(),
  /** True when the effective credentials (environment or custom) are both present. */
  hasCredentials: z.boolean(),
  /** True when the server's environment configures this provider. */
  hasEnvCredentials: z.boolean(),
};

/** What the admin screen shows for Google: secrets never leave the server, the configured id is masked. */
export const googleLoginSettingsSchema = z.object({
  ...providerViewFields,
  customClientId: z.string(),
  /** Always empty: the stored secret is never sent back; hasCustomClientSecret says whether one exists. */
  customClientSecret: z.literal(''),
  hasCustomClientSecret: z.boolean(),
  /** The environment's client id, masked to its last 4 characters (read only). */
  clientId: z.string(),
});

/** What the admin screen shows for Facebook (same rules as Google). */
export const facebookLoginSettingsSchema = z.object({
  ...providerViewFields,
  customAppId: z.string(),
  customAppSecret: z.literal(''),
  hasCustomAppSecret: z.boolean(),
  appId: z.string(),
});

export const adminSocialLoginSettingsSchema = z.object({
  google: googleLoginSettingsSchema,
  facebook: facebookLoginSettingsSchema,
});
export type AdminSocialLoginSettings = z.infer<typeof adminSocialLoginSettingsSchema>;
export const adminSocialLoginSettingsResponseSchema = dataEnvelope(adminSocialLoginSettingsSchema);

/**
 * PUT /admin/social-login-settings. Every field is optional: an absent field keeps its stored value, and
 * an empty or absent secret keeps the stored secret. An empty custom id removes the custom id and secret.
 */
export const updateSocialLoginSettingsBodySchema = z.object({
  google: z
    .object({
      enabled: z.boolean().optional(),
      useEnvCredentials: z.boolean().optional(),
      customClientId: credentialIdField.optional(),
      customClientSecret: credentialSecretField.optional(),
    })
    .optional(),
  facebook: z
    .object({
      enabled: z.boolean().optional(),
      useEnvCredentials: z.boolean().optional(),
      customAppId: credentialIdField.optional(),
      customAppSecret: credentialSecretField.optional(),
    })
    .optional(),
});
export type UpdateSocialLoginSettingsBody = z.infer<typeof updateSocialLoginSettingsBodySchema>;
