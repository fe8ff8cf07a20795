import type { OnlineUsersQuery, Role } from '@ovation/shared';
import { and, asc, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { userNameOrEmailContains } from '../../db/queries/users';
import { sessions, users } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';

/** A live session with its user, as the online users list shows it. */
const onlineSessionColumns = {
  id: sessions.id,
  deviceType: sessions.deviceType,
  country: sessions.country,
  createdAt: sessions.createdAt,
  lastActivityAt: sessions.lastActivityAt,
  userId: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  profileCountry: users.country,
};

/**
 * Online: not ended and active since `activeSince`. The range on last_activity_at is what
 * sessions_last_activity_idx answers; deactivated users' sessions are ended with the deactivation.
 */
function onlineConditions(
  activeSince: Date,
  query: Partial<Pick<OnlineUsersQuery, 'role' | 'search'>>,
): SQL[] {
  const conditions: SQL[] = [isNull(sessions.revokedAt), gt(sessions.lastActivityAt, activeSince)];
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.search) conditions.push(userNameOrEmailContains(query.search));
  return conditions;
}

/**
 * One page of the sessions online since `activeSince`, most recent activity first (oldest with
 * order=asc). Ordered by last activity alone, which sessions_last_activity_idx reads in order and stops
 * after the page: a tie-breaker on the id would sort every session sharing one instant first (thousands,
 * when sessions are inserted together), and a list that moves every second has no stable order to keep.
 * A rare role (the few admins among 100,000 fans) is read the other way round, as PostgreSQL plans it
 * from users' statistics: its users through users_role_idx, then each one's online sessions through
 * sessions_user_activity_idx (user, last activity), so the page never walks every online session.
 */
export async function findOnlineSessionsPage(db: Database, activeSince: Date, query: OnlineUsersQuery) {
  const direction = query.order === 'asc' ? asc : desc;
  return db
    .select(onlineSessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(...onlineConditions(activeSince, query)))
    .orderBy(direction(sessions.lastActivityAt))
    .limit(query.limit)
    .offset(offsetOf(query));
}

/** How many sessions online since `activeSince` match the query: reads every one of them. */
export async function countOnlineSessions(
  db: Database,
  activeSince: Date,
  query: Pick<OnlineUsersQuery, 'role' | 'search'>,
) {
  const [row] = await db
    .select({ total: count() })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(...onlineConditions(activeSince, query)));
  return Number(row?.total ?? 0);
}

/** A live session, locked until the transaction ends (the admin's Remove), or undefined. */
export async function lockLiveSession(db: Database, sessionId: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, deviceType: sessions.deviceType, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .for('update', { of: sessions });
  return row;
}

/** Online sessions grouped by what the stats break them down by. */
export interface OnlineGroupRow {
  deviceType: string;
  role: Role;
  /** The country the proxy gave at sign-in, or null. */
  country: string | null;
  /** The user's profile country name, only where the session has no country. */
  profileCountry: string | null;
  sessions: number;
}

/**
 * The summary's one read of the sessions table: online sessions grouped by device, role and country
 * (the profile's where the session has none), and the sessions and distinct users active since
 * `recentSince` (ended ones included: they were active). Both ranges are on last_activity_at.
 */
export async function summariseSessions(db: Database, onlineSince: Date, recentSince: Date) {
  const groups = rowsOf<{
    device_type: string;
    role: Role;
    country: string | null;
    profile_country: string | null;
    sessions: number;
  }>(
    await db.execute(sql`
      select s.device_type, u.role, s.country,
             case when s.country is null then u.country end as profile_country,
             count(*)::int as sessions
        from ${sessions} s join ${users} u on u.id = s.user_id
       where s.revoked_at is null and s.last_activity_at > ${onlineSince.toISOString()}::timestamptz
       group by 1, 2, 3, 4`),
  );
  const [recent] = rowsOf<{ sessions: number; users: number }>(
    await db.execute(sql`
      select count(*)::int as sessions, count(distinct user_id)::int as users
        from ${sessions}
       where last_activity_at > ${recentSince.toISOString()}::timestamptz`),
  );
  return {
    groups: groups.map(
      (row): OnlineGroupRow => ({
        deviceType: row.device_type,
        role: row.role,
        country: row.country,
        profileCountry: row.profile_country,
        sessions: row.sessions,
      }),
    ),
    recentSessions: recent?.sessions ?? 0,
    recentUsers: recent?.users ?? 0,
  };
}

export type OnlineSessionRow = Awaited<ReturnType<typeof findOnlineSessionsPage>>[number];
