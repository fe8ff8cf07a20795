import type { Role } from '@ovation/shared/constants';
import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './local-storage';

/**
 * The signed-in user as the client keeps it. Only the fields the shell needs are required; the
 * auth feature will replace this with the shared user schema's type once that schema exists.
 */
export interface SessionUser {
  _id: string;
  name: string;
  email?: string;
  role: Role;
  avatar?: string | null;
  emailVerified?: boolean;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** Set when the session just ended for inactivity: the layout shows the Session Expired screen. */
  expired?: true;
}

const GUEST: Session = { token: null, user: null, isAuthenticated: false };
const EXPIRED: Session = { ...GUEST, expired: true };

/** Accepts the stored user when it has an id (`_id`, or `id` as some responses spell it), a name and a role. */
function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const candidate = value as Record<string, unknown>;
  const id = candidate._id ?? candidate.id;
  const { name, role } = candidate;
  if (typeof id !== 'string' || typeof name !== 'string') return null;
  if (role !== 'fan' && role !== 'artist' && role !== 'admin') return null;
  return { ...(candidate as Partial<SessionUser>), _id: id, name, role };
}

function readSession(): Session {
  const token = readStorage(STORAGE_KEYS.token);
  const rawUser = readStorage(STORAGE_KEYS.user);
  if (!token || !rawUser) return GUEST;
  try {
    const user = toSessionUser(JSON.parse(rawUser));
    return user ? { token, user, isAuthenticated: true } : GUEST;
  } catch {
    return GUEST;
  }
}

let current: Session = typeof window === 'undefined' ? GUEST : readSession();
const listeners = new Set<() => void>();

function publish(next: Session) {
  current = next;
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes the same storage keys: one listener for the whole app.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      publish(readSession());
    }
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Calls `listener` whenever the signed-in user changes (sign-in, sign-out, expiry, another tab), so
 * caches holding one user's data can be emptied before the next user sees them.
 */
export function onUserChange(listener: () => void): () => void {
  let userId = current.user?._id ?? null;
  return subscribe(() => {
    const next = current.user?._id ?? null;
    if (next !== userId) {
      userId = next;
      listener();
    }
  });
}

/** The current session, outside React (the API client reads the token from here). */
export function getSession(): Session {
  return current;
}

/** Stores a fresh token and user (after login, registration, social login or email verification). */
export function startSession(token: string, user: SessionUser): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  publish({ token, user, isAuthenticated: true });
}

/** Replaces the stored user (after a profile edit) while keeping the token. */
export function updateSessionUser(user: SessionUser): void {
  if (!current.token) return;
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  publish({ ...current, user });
}

/**
 * Forgets the token and the user (logout, expired or rejected token). `expired` (inactivity, or the
 * server answering SESSION_EXPIRED) also asks the layout to show the Session Expired screen.
 */
export function endSession(reason: 'ended' | 'expired' = 'ended'): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.user);
  // A late 401 after an expiry must not take the Session Expired screen away.
  publish(reason === 'expired' || current.expired ? EXPIRED : GUEST);
}

/** React binding: re-renders when the session changes, in this tab or another. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, () => GUEST);
}

/** True when the user holds one of the roles; an empty list means any signed-in user (the public spec's guards). */
export function hasRole(session: Session, roles: readonly Role[]): boolean {
  if (!session.user) return false;
  return roles.length === 0 || roles.includes(session.user.role);
}
