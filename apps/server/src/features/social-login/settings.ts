import {
  type AdminSocialLoginSettings,
  SOCIAL_PROVIDERS,
  type SocialProvider,
  type UpdateSocialLoginSettingsBody,
} from '@ovation/shared';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../lib/db';
import { fieldError, Invalid } from '../../lib/errors';
import { decryptSecret, encryptSecret } from '../../lib/secrets';
import { audit } from '../audit/service';
import { findStoredSetting, getPlatformSettings, lockSetting, storeSetting } from '../settings/service';

/** The row of the settings table that holds these settings. */
const SETTING_KEY = 'social-login';

/** One provider as stored: the custom secret only ever as encryptSecret's output ('' for none). */
const storedProviderSchema = z.object({
  enabled: z.boolean(),
  useEnvCredentials: z.boolean(),
  customId: z.string(),
  customSecretEncrypted: z.string(),
});
type StoredProvider = z.infer<typeof storedProviderSchema>;
const storedSettingsSchema = z.object({
  google: storedProviderSchema.optional(),
  facebook: storedProviderSchema.optional(),
});
type StoredSettings = z.infer<typeof storedSettingsSchema>;

export interface Credentials {
  id: string;
  secret: string;
}

export interface SocialSettingsDependencies {
  db: Database;
  logger: FastifyBaseLogger;
  /** deriveKey(secret, 'social-login'): encrypts the custom client secrets at rest. */
  settingsKey: Buffer;
  /** The environment's configuration of each provider. */
  socialConfig: Config['socialLogin'];
}

/** A provider's settings with the secret decrypted: for this server's use only, never for a response. */
interface ResolvedProvider {
  stored: StoredProvider;
  customSecret: string;
  environment: Credentials;
  /** The credentials in force, or null when the id or the secret is missing. */
  effective: Credentials | null;
}

function environmentCredentials(config: Config['socialLogin'], provider: SocialProvider): Credentials {
  return provider === 'google'
    ? { id: config.google.clientId, secret: config.google.clientSecret }
    : { id: config.facebook.appId, secret: config.facebook.appSecret };
}

/** What the audit log keeps of the stored settings: no id, no secret. */
function summarise(stored: StoredSettings) {
  return Object.fromEntries(
    SOCIAL_PROVIDERS.filter((provider) => stored[provider]).map((provider) => [
      provider,
      {
        enabled: stored[provider]!.enabled,
        useEnvCredentials: stored[provider]!.useEnvCredentials,
        hasCustomCredentials: stored[provider]!.customId !== '',
      },
    ]),
  );
}

const isComplete = (credentials: Credentials) => credentials.id !== '' && credentials.secret !== '';

async function readStored(deps: SocialSettingsDependencies): Promise<StoredSettings> {
  const parsed = storedSettingsSchema.safeParse((await findStoredSetting(deps.db, SETTING_KEY)) ?? {});
  if (parsed.success) return parsed.data;
  deps.logger.error(
    { issues: parsed.error.issues },
    'stored social-login settings are malformed; using defaults',
  );
  return {};
}

function resolveProvider(
  deps: SocialSettingsDependencies,
  provider: SocialProvider,
  saved: StoredProvider | undefined,
): ResolvedProvider {
  const environment = environmentCredentials(deps.socialConfig, provider);
  // Until an admin saves settings, a provider is on exactly when the environment configures it.
  const stored = saved ?? {
    enabled: isComplete(environment),
    useEnvCredentials: true,
    customId: '',
    customSecretEncrypted: '',
  };
  let customSecret = '';
  if (stored.customSecretEncrypted) {
    try {
      customSecret = decryptSecret(deps.settingsKey, stored.customSecretEncrypted);
    } catch (error) {
      // The server secret changed since it was saved: the admin has to enter the secret again.
      deps.logger.error({ err: error, provider }, 'cannot decrypt the stored social-login secret');
    }
  }
  const chosen = stored.useEnvCredentials ? environment : { id: stored.customId, secret: customSecret };
  return { stored, customSecret, environment, effective: isComplete(chosen) ? chosen : null };
}

async function resolveAll(deps: SocialSettingsDependencies) {
  const stored = await readStored(deps);
  return {
    stored,
    google: resolveProvider(deps, 'google', stored.google),
    facebook: resolveProvider(deps, 'facebook', stored.facebook),
  };
}

type ProviderAccess = { enabled: false } | { enabled: true; credentials: Credentials };

async function accessToAll(
  deps: SocialSettingsDependencies,
): Promise<Record<SocialProvider, ProviderAccess>> {
  const [resolved, platform] = await Promise.all([resolveAll(deps), getPlatformSettings(deps.db)]);
  const accessOf = ({ stored, effective }: ResolvedProvider): ProviderAccess =>
    platform.generalSettings.allowSocialLogin && stored.enabled && effective
      ? { enabled: true, credentials: effective }
      : { enabled: false };
  return { google: accessOf(resolved.google), facebook: accessOf(resolved.facebook) };
}

/**
 * Whether a provider may be used right now, and with which credentials: it must be enabled, have
 * credentials, and the platform must allow social login at all (generalSettings.allowSocialLogin).
 */
export async function getProviderAccess(
  deps: SocialSettingsDependencies,
  provider: SocialProvider,
): Promise<ProviderAccess> {
  return (await accessToAll(deps))[provider];
}

/** What the login page needs: which buttons to show (GET /auth/social-login-settings). */
export async function getPublicSocialLoginSettings(deps: SocialSettingsDependencies) {
  const access = await accessToAll(deps);
  return { google: { enabled: access.google.enabled }, facebook: { enabled: access.facebook.enabled } };
}

/** Shows only the last 4 characters of an id, behind a fixed-length mask that hides its length. */
export function maskIdentifier(id: string) {
  if (!id) return '';
  return `****${id.length > 4 ? id.slice(-4) : ''}`;
}

function adminView(google: ResolvedProvider, facebook: ResolvedProvider): AdminSocialLoginSettings {
  const common = (resolved: ResolvedProvider) => ({
    enabled: resolved.stored.enabled,
    useEnvCredentials: resolved.stored.useEnvCredentials,
    hasCredentials: resolved.effective !== null,
    hasEnvCredentials: isComplete(resolved.environment),
  });
  return {
    google: {
      ...common(google),
      customClientId: google.stored.customId,
      customClientSecret: '',
      hasCustomClientSecret: google.customSecret !== '',
      clientId: maskIdentifier(google.environment.id),
    },
    facebook: {
      ...common(facebook),
      customAppId: facebook.stored.customId,
      customAppSecret: '',
      hasCustomAppSecret: facebook.customSecret !== '',
      appId: maskIdentifier(facebook.environment.id),
    },
  };
}

/** The admin screen's view (GET /admin/social-login-settings): no secret, environment ids masked. */
export async function getAdminSocialLoginSettings(deps: SocialSettingsDependencies) {
  const resolved = await resolveAll(deps);
  return adminView(resolved.google, resolved.facebook);
}

/** Where each provider's secret sits in the request body, for the field error under it. */
const SECRET_FIELDS: Record<SocialProvider, string> = {
  google: 'google.customClientSecret',
  facebook: 'facebook.customAppSecret',
};

interface ProviderChange {
  enabled?: boolean;
  useEnvCredentials?: boolean;
  customId?: string;
  customSecret?: string;
}

function applyChange(deps: SocialSettingsDependencies, current: StoredProvider, change: ProviderChange) {
  const next: StoredProvider = {
    enabled: change.enabled ?? current.enabled,
    useEnvCredentials: change.useEnvCredentials ?? current.useEnvCredentials,
    customId: change.customId ?? current.customId,
    customSecretEncrypted: current.customSecretEncrypted,
  };
  // Clearing the custom id removes the custom pair; an empty or absent secret keeps the stored one.
  if (change.customId === '') next.customSecretEncrypted = '';
  if (change.customSecret) next.customSecretEncrypted = encryptSecret(deps.settingsKey, change.customSecret);
  return next;
}

/**
 * Saves the admin's changes (PUT /admin/social-login-settings) with custom secrets encrypted at rest,
 * records who changed what (never the secret itself), and answers the new admin view.
 */
export async function updateSocialLoginSettings(
  deps: SocialSettingsDependencies,
  body: UpdateSocialLoginSettingsBody,
  actor: { id: string; ip: string },
) {
  // One transaction under the setting's lock: the change and its audit entry are written together.
  const next = await deps.db.transaction(async (tx) => {
    await lockSetting(tx, SETTING_KEY);
    const resolved = await resolveAll({ ...deps, db: tx });
    const changes: Record<SocialProvider, ProviderChange | undefined> = {
      google: body.google && {
        enabled: body.google.enabled,
        useEnvCredentials: body.google.useEnvCredentials,
        customId: body.google.customClientId,
        customSecret: body.google.customClientSecret,
      },
      facebook: body.facebook && {
        enabled: body.facebook.enabled,
        useEnvCredentials: body.facebook.useEnvCredentials,
        customId: body.facebook.customAppId,
        customSecret: body.facebook.customAppSecret,
      },
    };
    // Only providers the admin touched are stored, so the others keep following the environment.
    const next: StoredSettings = { ...resolved.stored };
    const audited: Record<string, unknown> = {};
    for (const provider of SOCIAL_PROVIDERS) {
      const change = changes[provider];
      if (!change) continue;
      next[provider] = applyChange(deps, resolved[provider].stored, change);
      // A custom id is half a pair without its secret (typed now, or stored before): never "saved".
      if (next[provider].customId !== '' && next[provider].customSecretEncrypted === '') {
        throw Invalid('SOCIAL_SECRET_REQUIRED', {
          errors: [fieldError(SECRET_FIELDS[provider], 'socialSecretRequired')],
        });
      }
      audited[provider] = {
        enabled: next[provider].enabled,
        useEnvCredentials: next[provider].useEnvCredentials,
        customIdChanged:
          change.customId !== undefined && change.customId !== resolved[provider].stored.customId,
        secretChanged: Boolean(change.customSecret) || change.customId === '',
      };
    }
    await storeSetting(tx, SETTING_KEY, storedSettingsSchema.parse(next), actor.id);
    await audit(tx, actor, {
      action: 'settings.social.changed',
      targetType: 'setting',
      targetId: SETTING_KEY,
      // Never a secret: whether each provider is on, which credentials it uses, what changed.
      before: summarise(resolved.stored),
      after: summarise(next),
      details: audited,
    });
    return next;
  });
  return adminView(
    resolveProvider(deps, 'google', next.google),
    resolveProvider(deps, 'facebook', next.facebook),
  );
}
