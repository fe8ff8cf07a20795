import { type User, userSchema } from '@ovation/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS } from '../../../lib/local-storage';
import { fetchCurrentUser } from '../../auth/api/auth-api';

/** The stored user, when it is a full user (it is, when it came from a login or a profile save). */
function storedUser(): User | undefined {
  try {
    const parsed = userSchema.safeParse(JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** GET /auth/me, shown at once from the stored copy and refreshed in the background. */
export const currentUserQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  initialData: storedUser,
  initialDataUpdatedAt: 0,
});

export interface ProfileChanges {
  name: string;
  bio?: string;
  phoneNumber?: string;
  country?: string;
  state?: string;
}

export async function updateProfile(changes: ProfileChanges): Promise<User> {
  const result = await apiRequest('/auth/profile', { method: 'PUT', body: changes });
  return userSchema.parse((result.body as { user?: unknown }).user);
}

export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiRequest('/auth/password', { method: 'PUT', body });
}
