import type { Role } from '@ovation/shared';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { type Database, queryRows } from '../../lib/db';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

const FIND_SESSION = {
  name: 'find_session_by_token_hash',
  text: `select s.id, s.user_id, s.last_activity_at, s.revoked_at, u.role, u.is_active, u.email_verified,
                u.language
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1`,
};

interface SessionRow {
  id: string;
  user_id: string;
  last_activity_at: Date | string;
  revoked_at: Date | string | null;
  role: Role;
  is_active: boolean;
  email_verified: boolean;
  language: string;
}

/**
 * The session for a token hash with the user's role and status: one indexed lookup, on every request
 * whose session is not cached, so a prepared statement.
 */
export async function findSessionByTokenHash(db: Database, tokenHash: string) {
  const [row] = await queryRows<SessionRow>(db, FIND_SESSION, [tokenHash]);
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    lastActivityAt: new Date(row.last_activity_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    role: row.role,
    isActive: row.is_active,
    emailVerified: row.email_verified,
    language: row.language,
  };
}

const TOUCH_SESSIONS = {
  name: 'touch_sessions',
  // Rows are locked in id order first, so two instances writing overlapping batches cannot deadlock.
  text: `with locked as (
           select id from sessions where id = any($1::uuid[]) order by id for update
         )
         update sessions s set last_activity_at = t.at
           from unnest($1::uuid[], $2::timestamptz[]) as t(id, at)
          where s.id = t.id and s.id in (select id from locked) and s.last_activity_at < t.at`,
};

/** Stores the latest activity of many sessions in one statement (never moves one back in time). */
export async function touchSessions(db: Database, activity: Map<string, Date>) {
  const ids = [...activity.keys()];
  const times = ids.map((id) => activity.get(id)!.toISOString());
  await queryRows(db, TOUCH_SESSIONS, [ids, times]);
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
  // Locked in id order, as the activity batches lock theirs: the two can never deadlock.
  const locked = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(...conditions))
    .orderBy(sessions.id)
    .for('update');
  await db.update(sessions).set({ revokedAt: at, revokedReason: reason }).where(inArray(sessions.id, locked));
}
