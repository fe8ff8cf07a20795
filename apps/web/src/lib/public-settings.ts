import type { PublicSettings } from '@ovation/shared/schemas/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';

/**
 * 15 s: an admin's change to the platform settings (registration, social sign-in, CAPTCHA) shows on
 * the next page a visitor opens, not minutes later. A page load always asks again (refetchOnMount).
 */
export const PUBLIC_SETTINGS_STALE_MS = 15_000;

/**
 * GET /public/public-settings: the one query of the public settings for every page (the register form,
 * the vote's CAPTCHA, the Register links), so they agree and share one request.
 */
export const publicSettingsQuery = queryOptions({
  queryKey: ['public-settings'] as const,
  queryFn: async ({ signal }) =>
    // Typed, not parsed: every page reads these, and parsing would put the schema library in the first
    // download (the server validates the answer against its response schema before sending it).
    apiGet<PublicSettings>('/public/public-settings', { signal, publicRead: true }),
  staleTime: PUBLIC_SETTINGS_STALE_MS,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
});

/**
 * Whether new accounts may be made (generalSettings.allowRegistration): every Register link and button
 * hides when not. True until the answer comes and when the call fails, as the server's default: the
 * register page itself says 'Registration is currently closed' if a link was followed anyway.
 */
export function useRegistrationOpen(): boolean {
  const { data } = useQuery(publicSettingsQuery);
  return data?.generalSettings.allowRegistration ?? true;
}

/** Whether social sign-in is allowed at all (generalSettings.allowSocialLogin); the providers add their own say. */
export function useSocialLoginAllowed(): boolean {
  const { data } = useQuery(publicSettingsQuery);
  return data?.generalSettings.allowSocialLogin ?? true;
}
