import type { SecondFactorStatus } from '@ovation/shared/schemas/second-factor';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** Where an admin sets up, views and turns off their second factor. */
export const SECOND_FACTOR_PATH = '/profile/security';

/**
 * GET /auth/second-factor (admins): whether the signed-in admin has a second factor and whether the platform
 * requires one. Read by the sign-in (to lead an admin without one to the set-up), the admin area's frame
 * (the same) and the set-up screen.
 */
export const secondFactorStatusQuery = queryOptions({
  queryKey: ['auth', 'second-factor'] as const,
  queryFn: ({ signal }) => apiGet<SecondFactorStatus>('/auth/second-factor', { signal }),
});

/** Whether the admin must set up a second factor before using the admin area. */
export function mustSetUpSecondFactor(status: SecondFactorStatus | undefined): boolean {
  return status?.required === true && !status.enabled;
}
