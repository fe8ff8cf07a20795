import { createHash, randomBytes } from 'node:crypto';
import { SESSION_INACTIVITY_MINUTES } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { RequestMeta } from '../../lib/request-meta';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../audit/service';
import { ACTIVITY_LAG_MS, sessionActivityFor } from './activity';
import * as repository from './repository';
import { SessionCache } from './session-cache';

/** 32 random bytes: a token nobody guesses; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;
const INACTIVITY_MS = SESSION_INACTIVITY_MINUTES * 60 * 1000;
/** Last activity is recorded at most once a minute per session, and written in batches (activity.ts). */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session for a user and answers the bearer token (the only time it exists in clear). */
export async function startSession(db: Database, clock: Clock, userId: string, meta: RequestMeta) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = clock.now();
  const session = await repository.insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    deviceType: meta.deviceType,
    deviceId: meta.deviceId,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    ip: meta.ip,
    country: meta.country,
    createdAt: now,
    lastActivityAt: now,
  });
  return { token, sessionId: session.id };
}

export type SessionLookup =
  | { status: 'none' }
  | { status: 'expired' }
  | { status: 'valid'; viewer: NonNullable<Viewer>; sessionId: string };

const caches = new WeakMap<Database, SessionCache>();

/** The session cache of a database: one per app, shared by the functions below. */
export function sessionCacheFor(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Resolves a bearer token. A session idle for 30 minutes ends here on the server, whatever the client
 * thinks; revoked sessions and deactivated users resolve to nothing. A resolved session is kept a few
 * seconds in the session cache, which every revocation below empties at once.
 */
export async function resolveSession(
  db: Database,
  clock: Clock,
  token: string,
  ip: string,
): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheFor(db);
  const activity = sessionActivityFor(db);
  let session = cache.get(tokenHash);
  if (!session) {
    const readStartedAt = cache.readStarted();
    const row = await repository.findSessionByTokenHash(db, tokenHash);
    if (!row || row.revokedAt || !row.isActive) return { status: 'none' };
    const pendingActivity = activity.latest(row.id);
    session = cache.set(
      tokenHash,
      {
        viewer: {
          id: row.userId,
          role: row.role,
          emailVerified: row.emailVerified,
          language: row.language,
        },
        sessionId: row.id,
        lastActivityAt:
          pendingActivity && pendingActivity > row.lastActivityAt ? pendingActivity : row.lastActivityAt,
      },
      readStartedAt,
    );
  }
  const now = clock.now();
  const idleFor = now.getTime() - session.lastActivityAt.getTime();
  if (idleFor > INACTIVITY_MS + ACTIVITY_LAG_MS) {
    await repository.revokeSession(db, session.sessionId, now, 'inactivity');
    cache.evict({ kind: 'session', id: session.sessionId });
    await audit(
      db,
      { id: session.viewer.id, ip },
      { action: 'auth.session.expired', targetId: session.sessionId },
    );
    return { status: 'expired' };
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    activity.record(session.sessionId, now);
    session.lastActivityAt = now;
  }
  return { status: 'valid', viewer: session.viewer, sessionId: session.sessionId };
}

export async function endSession(db: Database, clock: Clock, sessionId: string, reason: string) {
  await repository.revokeSession(db, sessionId, clock.now(), reason);
  sessionCacheFor(db).evict({ kind: 'session', id: sessionId });
}

/**
 * Forgets one session in the session cache here and, through Redis, on every instance. Call it with the
 * root database after the transaction that ended the session committed (endSession inside a transaction
 * evicts from that transaction's cache only): a request reading the row in between would cache it again.
 */
export function forgetCachedSession(db: Database, sessionId: string) {
  sessionCacheFor(db).evict({ kind: 'session', id: sessionId });
}

/**
 * Ends every live session idle longer than the inactivity limit (the admin's Cleanup Inactive). It is the
 * limit resolveSession applies, lag included, so only sessions that could no longer be used end, and none
 * of them can be cached as valid: nothing to evict. Answers how many ended, and of how many users.
 */
export async function endIdleSessions(db: Database, clock: Clock): Promise<{ ended: number; users: number }> {
  const now = clock.now();
  const idleBefore = new Date(now.getTime() - INACTIVITY_MS - ACTIVITY_LAG_MS);
  return repository.revokeIdleSessions(db, idleBefore, now, 'inactivity');
}

/** Writes this process's pending session activity now, so a read of the sessions table sees it. */
export function flushSessionActivity(db: Database): Promise<void> {
  return sessionActivityFor(db).flush();
}

/** Forgets the cached sessions of a user whose profile changed (their language), here and on every instance. */
export function forgetCachedSessions(db: Database, userId: string) {
  sessionCacheFor(db).evict({ kind: 'user', id: userId });
}

/**
 * Ends every session of a user (but `keepSessionId`): password change, deactivation, an admin's Remove
 * on the online users screen. Answers how many ended.
 */
export async function endUserSessions(
  db: Database,
  clock: Clock,
  userId: string,
  reason: string,
  keepSessionId?: string,
) {
  const ended = await repository.revokeUserSessions(db, userId, clock.now(), reason, keepSessionId);
  sessionCacheFor(db).evict({ kind: 'user', id: userId });
  return ended;
}

/**
 * Ends a user's live sessions on other devices than `deviceId` (the one-device rule), keeping
 * `keepSessionId`, and evicts them from the session caches here and on every instance. Answers how
 * many ended.
 */
export async function endUserSessionsOnOtherDevices(
  db: Database,
  clock: Clock,
  values: { userId: string; deviceId: string | null; keepSessionId: string; reason: string },
) {
  const ended = await repository.revokeUserSessionsOffDevice(db, { ...values, at: clock.now() });
  if (ended > 0) sessionCacheFor(db).evict({ kind: 'user', id: values.userId });
  return ended;
}
