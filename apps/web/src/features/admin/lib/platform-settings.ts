import type { PlatformSettings } from '@ovation/shared/schemas/settings';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /admin/settings: the whole platform settings object (the admin spec's "Platform settings"). The settings
 * screen edits it; the social login screen reads `generalSettings.allowSocialLogin` to say when the
 * whole platform has social sign-in off. One key, so a change on one screen shows on the other.
 */
export const platformSettingsQuery = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => apiGet<PlatformSettings>('/admin/settings', { signal }),
});

/** The public pages' queries that follow these settings (lib/public-settings.ts, the social buttons). */
export const PUBLIC_SETTINGS_KEYS = [['public-settings'], ['social-login-settings']] as const;
