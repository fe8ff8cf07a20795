import { type User, userSchema } from '@ovation/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { readStorage, STORAGE_KEYS } from '../../../lib/local-storage';

/** The stored user, when it is a full user (it is, when it came from a login or a profile save). */
function storedUser(): User | undefined {
  try {
    const parsed = userSchema.safeParse(JSON.parse(readStorage(STORAGE_KEYS.user) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The user an answer carries beside `data` (`user`); a wrong shape is an error like any other. */
function userOf(body: Record<string, unknown>): User {
  const parsed = userSchema.safeParse(body.user);
  if (!parsed.success) throw new ApiError(500, 'INVALID_RESPONSE', 'Unexpected answer from the server');
  return parsed.data;
}

async function fetchCurrentUser(signal?: AbortSignal): Promise<User> {
  return userOf((await apiRequest('/auth/me', { signal })).body);
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
  return userOf((await apiRequest('/auth/profile', { method: 'PUT', body: changes })).body);
}

export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<void> {
  await apiRequest('/auth/password', { method: 'PUT', body });
}

/** POST /auth/account/delete with the password, or the mailed code for an account without one. */
export async function deleteAccount(body: { password: string } | { code: string }): Promise<string> {
  const { body: answer } = await apiRequest('/auth/account/delete', { method: 'POST', body });
  return typeof answer.message === 'string' ? answer.message : '';
}

/** POST /auth/account/deletion-code: mails the code that confirms deleting an account without a password. */
export async function requestDeletionCode(): Promise<string> {
  const { body: answer } = await apiRequest('/auth/account/deletion-code', { method: 'POST' });
  return typeof answer.message === 'string' ? answer.message : '';
}
