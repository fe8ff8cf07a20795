import type { Role } from '@ovation/shared';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { BatchedLookup } from '../../lib/batched-lookup';
import { type Database, queryRows, rowsOf } from '../../lib/db';

export async function insertSession(db: Database, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  return row!;
}

const FIND_SESSIONS = {
  name: 'find_sessions_by_token_hash',
  text: `select s.token_hash, s.id, s.user_id, s.last_activity_at, s.revoked_at, u.role, u.is_active,
                u.email_verified, u.language
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = any($1::text[])`,
};

interface SessionRow {
  token_hash: string;
  id: string;
  user_id: string;
  last_activity_at: Date | string;
  revoked_at: Date | string | null;
  role: Role;
  is_active: boolean;
  email_verified: boolean;
  language: string;
}

function sessionOf(row: SessionRow) {
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

type StoredSession = ReturnType<typeof sessionOf>;

const lookups = new WeakMap<Database, BatchedLookup<string, StoredSession>>();

/**
 * The session for a token hash with the user's role and status: an indexed lookup on every request whose
 * session is not cached, so a prepared statement, shared by every request of the same event-loop turn
 * (lib/batched-lookup.ts): the first votes of thousands of fans cost one query per turn, not one each.
 */
export function findSessionByTokenHash(db: Database, tokenHash: string): Promise<StoredSession | undefined> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = new BatchedLookup(async (hashes) => {
      const rows = await queryRows<SessionRow>(db, FIND_SESSIONS, [hashes]);
      return new Map(rows.map((row) => [row.token_hash, sessionOf(row)]));
    });
    lookups.set(db, lookup);
  }
  return lookup.get(tokenHash);
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

/**
 * The ids of the sessions matching `conditions`, locked in id order as the activity batches lock theirs:
 * two revocations, or a revocation and a batch, can never deadlock.
 */
function lockedInIdOrder(db: Database, conditions: SQL[]) {
  return db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(...conditions))
    .orderBy(sessions.id)
    .for('update');
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
  const ended = await db
    .update(sessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(inArray(sessions.id, lockedInIdOrder(db, conditions)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends a user's live sessions on devices other than `deviceId` (a session with no device id counts as
 * another device), never `keepSessionId`; with no `deviceId`, every live session but `keepSessionId`.
 * Answers how many ended.
 */
export async function revokeUserSessionsOffDevice(
  db: Database,
  values: { userId: string; deviceId: string | null; keepSessionId: string; at: Date; reason: string },
) {
  const conditions = [
    eq(sessions.userId, values.userId),
    isNull(sessions.revokedAt),
    ne(sessions.id, values.keepSessionId),
  ];
  if (values.deviceId) conditions.push(sql`${sessions.deviceId} is distinct from ${values.deviceId}`);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: values.at, revokedReason: values.reason })
    .where(inArray(sessions.id, lockedInIdOrder(db, conditions)))
    .returning({ id: sessions.id });
  return ended.length;
}

/**
 * Ends every live session whose last activity is before `idleBefore` (the admin's Cleanup Inactive) in
 * one statement, locking the rows in id order as the other revocations and the activity batches do; a
 * session touched meanwhile is re-checked under its lock and kept. Answers how many ended, of how many users.
 */
export async function revokeIdleSessions(db: Database, idleBefore: Date, at: Date, reason: string) {
  const [row] = rowsOf<{ ended: number; users: number }>(
    await db.execute(sql`
      with locked as (
        select id from ${sessions}
         where revoked_at is null and last_activity_at < ${idleBefore.toISOString()}::timestamptz
         order by id for update
      ), ended as (
        update ${sessions} s set revoked_at = ${at.toISOString()}::timestamptz, revoked_reason = ${reason}
          from locked where s.id = locked.id
        returning s.user_id
      )
      select count(*)::int as ended, count(distinct user_id)::int as users from ended`),
  );
  return { ended: row?.ended ?? 0, users: row?.users ?? 0 };
}
