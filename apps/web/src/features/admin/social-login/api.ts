import type {
  AdminSocialLoginSettings,
  SocialProvider,
  UpdateSocialLoginSettingsBody,
} from '@ovation/shared/schemas/social-login';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /admin/social-login-settings: each provider's state; secrets never, the environment's id masked. */
export const socialLoginAdminQuery = queryOptions({
  queryKey: ['admin', 'social-login-settings'] as const,
  queryFn: ({ signal }) => apiGet<AdminSocialLoginSettings>('/admin/social-login-settings', { signal }),
});

/** PUT /admin/social-login-settings: answers the new view (still without any secret). */
export async function saveSocialLoginSettings(
  body: UpdateSocialLoginSettingsBody,
): Promise<AdminSocialLoginSettings> {
  return (await apiRequest<AdminSocialLoginSettings>('/admin/social-login-settings', { method: 'PUT', body }))
    .data;
}

/** One provider as the screen shows it, whatever the provider calls its id and secret. */
export interface ProviderState {
  enabled: boolean;
  useEnvCredentials: boolean;
  /** The saved effective credentials are complete (the button can show). */
  hasCredentials: boolean;
  hasEnvCredentials: boolean;
  /** The environment's id, masked to its last 4 characters ('' when none). */
  envIdMasked: string;
  customId: string;
  hasCustomSecret: boolean;
}

export function providerState(settings: AdminSocialLoginSettings, provider: SocialProvider): ProviderState {
  if (provider === 'google') {
    const google = settings.google;
    return {
      enabled: google.enabled,
      useEnvCredentials: google.useEnvCredentials,
      hasCredentials: google.hasCredentials,
      hasEnvCredentials: google.hasEnvCredentials,
      envIdMasked: google.clientId,
      customId: google.customClientId,
      hasCustomSecret: google.hasCustomClientSecret,
    };
  }
  const facebook = settings.facebook;
  return {
    enabled: facebook.enabled,
    useEnvCredentials: facebook.useEnvCredentials,
    hasCredentials: facebook.hasCredentials,
    hasEnvCredentials: facebook.hasEnvCredentials,
    envIdMasked: facebook.appId,
    customId: facebook.customAppId,
    hasCustomSecret: facebook.hasCustomAppSecret,
  };
}

/** What the admin edits for one provider. The secret starts empty: a saved one is never sent back. */
export interface ProviderForm {
  enabled: boolean;
  useEnvCredentials: boolean;
  customId: string;
  customSecret: string;
}

export function formOf(state: ProviderState): ProviderForm {
  return {
    enabled: state.enabled,
    useEnvCredentials: state.useEnvCredentials,
    customId: state.customId,
    customSecret: '',
  };
}

/**
 * Whether the credentials the form chooses would be complete once saved: the environment's, or a custom
 * id with a secret typed now or already saved (the server keeps a saved secret unless the id is cleared).
 */
export function formHasCredentials(form: ProviderForm, state: ProviderState): boolean {
  if (form.useEnvCredentials) return state.hasEnvCredentials;
  const id = form.customId.trim();
  return id !== '' && (form.customSecret.trim() !== '' || state.hasCustomSecret);
}

/** The PUT body for both providers; an empty secret is left out, so the saved one is kept. */
export function updateBody(forms: Record<SocialProvider, ProviderForm>): UpdateSocialLoginSettingsBody {
  const secret = (form: ProviderForm) => form.customSecret.trim();
  const { google, facebook } = forms;
  return {
    google: {
      enabled: google.enabled,
      useEnvCredentials: google.useEnvCredentials,
      customClientId: google.customId.trim(),
      ...(secret(google) ? { customClientSecret: secret(google) } : {}),
    },
    facebook: {
      enabled: facebook.enabled,
      useEnvCredentials: facebook.useEnvCredentials,
      customAppId: facebook.customId.trim(),
      ...(secret(facebook) ? { customAppSecret: secret(facebook) } : {}),
    },
  };
}
