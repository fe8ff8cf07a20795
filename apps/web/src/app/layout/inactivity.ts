import { SESSION_INACTIVITY_MINUTES } from '@ovation/shared/constants';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/local-storage';

/** 30 minutes without activity end the session (the public spec; the server uses the same figure). */
export const INACTIVITY_LIMIT_MS = SESSION_INACTIVITY_MINUTES * 60_000;
/** The spec checks once a minute. */
export const INACTIVITY_CHECK_MS = 60_000;
/** Activity is written at most this often: a moving mouse must not hammer local storage. */
export const ACTIVITY_WRITE_THROTTLE_MS = 5_000;
/** The security log keeps the last 100 entries (the public spec). */
export const SECURITY_LOG_LIMIT = 100;

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'wheel',
] as const;

export interface SecurityEvent {
  type: 'session_expired';
  reason: 'inactivity';
  userId: string | null;
  lastActivity: string | null;
  at: string;
}

/** When the user was last active (epoch ms), shared by every tab through local storage. */
export function readLastActivity(): number | null {
  const value = Number(readStorage(STORAGE_KEYS.lastActivity));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordActivity(now = Date.now()): void {
  writeStorage(STORAGE_KEYS.lastActivity, String(now));
}

export function clearActivity(): void {
  removeStorage(STORAGE_KEYS.lastActivity);
}

export function isInactive(now = Date.now()): boolean {
  const last = readLastActivity();
  return last !== null && now - last >= INACTIVITY_LIMIT_MS;
}

/** Appends to the security log in local storage, keeping the newest SECURITY_LOG_LIMIT entries. */
export function logSecurityEvent(event: SecurityEvent): void {
  let events: unknown[] = [];
  try {
    const stored: unknown = JSON.parse(readStorage(STORAGE_KEYS.securityEvents) ?? '[]');
    if (Array.isArray(stored)) events = stored;
  } catch {
    // A corrupt log starts over.
  }
  writeStorage(STORAGE_KEYS.securityEvents, JSON.stringify([...events, event].slice(-SECURITY_LOG_LIMIT)));
}
