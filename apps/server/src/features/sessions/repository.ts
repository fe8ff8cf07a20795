import { and, eq, isNull, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Database } from '../../lib/db';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

/** The session for a token hash with the user's role and status: one indexed lookup per request. */
export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastActivityAt: sessions.lastActivityAt,
      revokedAt: sessions.revokedAt,
      role: users.role,
      isActive: users.isActive,
      emailVerified: users.emailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

export async function touchSession(db: Database, id: string, at: Date) {
  await db.update(sessions).set({ lastActivityAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: string, at: Date, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  at: Date,
  reason: string,
  keepSessionId?: string,
) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(...conditions));
}
