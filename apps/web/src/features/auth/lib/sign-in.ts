import type { User } from '@ovation/shared/schemas/auth';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../../lib/local-storage';
import { startSession } from '../../../lib/session';

/**
 * Starts the session after a login, a verified registration or a social login. The inactivity clock
 * starts now: a `lastActivity` left by an earlier session must not log the new one out at once.
 */
export function signIn(token: string, user: User): void {
  writeStorage(STORAGE_KEYS.lastActivity, String(Date.now()));
  startSession(token, user);
}

/** Pages a stored redirect must never point back to: they would bounce the user in a loop. */
const NO_RETURN = ['/login', '/register', '/auth/callback'];

/**
 * Where to go after signing in (spec 1 section 4): the location stored in `redirectAfterLogin`, cleared
 * on the way, or `fallback`. Only same-site paths are followed.
 */
export function takeRedirectAfterLogin(fallback = '/'): string {
  const stored = readStorage(STORAGE_KEYS.redirectAfterLogin);
  removeStorage(STORAGE_KEYS.redirectAfterLogin);
  if (!stored?.startsWith('/') || stored.startsWith('//')) return fallback;
  if (NO_RETURN.some((path) => stored === path || stored.startsWith(`${path}?`))) return fallback;
  return stored;
}

/** Artists land on their dashboard after registering; fans go back where they were, or home. */
export function landingAfterRegistration(user: Pick<User, 'role'>): string {
  if (user.role === 'artist') {
    removeStorage(STORAGE_KEYS.redirectAfterLogin);
    return '/dashboard';
  }
  return takeRedirectAfterLogin('/');
}
