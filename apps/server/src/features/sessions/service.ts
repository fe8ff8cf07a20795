import { createHash, randomBytes } from 'node:crypto';
import { SESSION_INACTIVITY_MINUTES } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { RequestMeta } from '../../lib/request-meta';
import type { Viewer } from '../../lib/viewer';
import { recordAudit } from '../audit/service';
import * as repository from './repository';

/** 32 random bytes: a token nobody guesses; only its SHA-256 is stored. */
const TOKEN_BYTES = 32;
const INACTIVITY_MS = SESSION_INACTIVITY_MINUTES * 60 * 1000;
/** Last activity is written at most once a minute per session, not on every request. */
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

/**
 * Resolves a bearer token. A session idle for 30 minutes ends here on the server, whatever the client
 * thinks; revoked sessions and deactivated users resolve to nothing.
 */
export async function resolveSession(
  db: Database,
  clock: Clock,
  token: string,
  ip: string,
): Promise<SessionLookup> {
  const session = await repository.findSessionByTokenHash(db, hashToken(token));
  if (!session || session.revokedAt || !session.isActive) return { status: 'none' };
  const now = clock.now();
  const idleFor = now.getTime() - session.lastActivityAt.getTime();
  if (idleFor > INACTIVITY_MS) {
    await repository.revokeSession(db, session.id, now, 'inactivity');
    await recordAudit(db, {
      action: 'auth.session.expired',
      actorId: session.userId,
      ip,
      targetId: session.id,
    });
    return { status: 'expired' };
  }
  if (idleFor > TOUCH_INTERVAL_MS) await repository.touchSession(db, session.id, now);
  return {
    status: 'valid',
    viewer: { id: session.userId, role: session.role, emailVerified: session.emailVerified },
    sessionId: session.id,
  };
}

export async function endSession(db: Database, clock: Clock, sessionId: string, reason: string) {
  await repository.revokeSession(db, sessionId, clock.now(), reason);
}

export async function endUserSessions(
  db: Database,
  clock: Clock,
  userId: string,
  reason: string,
  keepSessionId?: string,
) {
  await repository.revokeUserSessions(db, userId, clock.now(), reason, keepSessionId);
}
