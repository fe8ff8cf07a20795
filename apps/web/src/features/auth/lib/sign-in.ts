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
const NO_RETURN = ['/login', '/register', '/auth/callback', '/forgot-password', '/reset-password'];

/**
 * Only a path on this site: browsers read `\\` as `/` and drop tabs and newlines, so `/\\evil.com` or
 * `/<tab>/evil.com` would leave the site; resolving against our origin settles every such trick.
 */
function isSameSitePath(value: string | null): value is string {
  if (!value?.startsWith('/')) return false;
  if ([...value].some((character) => character === '\\' || character.charCodeAt(0) < 32)) return false;
  try {
    return new URL(value, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * Where to go after signing in (the public spec): the location stored in `redirectAfterLogin`, cleared
 * on the way, or `fallback`. Only same-site paths are followed.
 */
export function takeRedirectAfterLogin(fallback = '/'): string {
  const stored = readStorage(STORAGE_KEYS.redirectAfterLogin);
  removeStorage(STORAGE_KEYS.redirectAfterLogin);
  if (!isSameSitePath(stored)) return fallback;
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
