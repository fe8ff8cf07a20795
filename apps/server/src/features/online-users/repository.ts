import type { OnlineUsersQuery, Role } from '@ovation/shared';
import { and, countDistinct, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { userNameOrEmailContains } from '../../db/queries/users';
import { sessions, users } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';

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
 * One page of the people online since `activeSince`, most recent activity first (oldest with
 * order=asc): each user once, with their most recent online session (its device, location and times),
 * how many sessions they have online, and whether one of them is `currentSessionId`. The online
 * sessions are read through sessions_last_activity_idx (a rare role through users_role_idx, then each
 * user's sessions through sessions_user_activity_idx), then ranked per user.
 */
export async function findOnlinePeoplePage(
  db: Database,
  activeSince: Date,
  query: OnlineUsersQuery,
  currentSessionId: string | null,
) {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const isCurrent = currentSessionId ? sql`${sessions.id} = ${currentSessionId}::uuid` : sql`false`;
  const rows = rowsOf<{
    id: string;
    device_type: string;
    country: string | null;
    created_at: string | Date;
    last_activity_at: string | Date;
    user_id: string;
    name: string;
    email: string;
    role: Role;
    profile_country: string | null;
    sessions: number;
    current: boolean;
  }>(
    await db.execute(sql`
      with online as (
        select ${sessions.id} as id, ${sessions.deviceType} as device_type, ${sessions.country} as country,
               ${sessions.createdAt} as created_at, ${sessions.lastActivityAt} as last_activity_at,
               ${users.id} as user_id, ${users.name} as name, ${users.email} as email, ${users.role} as role,
               ${users.country} as profile_country,
               count(*) over (partition by ${sessions.userId})::int as sessions,
               bool_or(${isCurrent}) over (partition by ${sessions.userId}) as current,
               row_number() over (
                 partition by ${sessions.userId} order by ${sessions.lastActivityAt} desc, ${sessions.id}
               ) as rank
          from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
         where ${and(...onlineConditions(activeSince, query))}
      )
      select * from online where rank = 1
       order by last_activity_at ${direction}, user_id
       limit ${query.limit} offset ${offsetOf(query)}`),
  );
  return rows.map((row) => ({
    id: row.id,
    deviceType: row.device_type,
    country: row.country,
    createdAt: new Date(row.created_at),
    lastActivityAt: new Date(row.last_activity_at),
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    profileCountry: row.profile_country,
    sessions: row.sessions,
    current: row.current,
  }));
}

/** How many people (distinct users) online since `activeSince` match the query: reads every session. */
export async function countOnlinePeople(
  db: Database,
  activeSince: Date,
  query: Pick<OnlineUsersQuery, 'role' | 'search'>,
) {
  const [row] = await db
    .select({ total: countDistinct(sessions.userId) })
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

/** One group of a stats breakdown: the people online in it. */
export interface OnlineGroupRow<K> {
  key: K;
  people: number;
}

/** The online figures, each counting people (distinct users), from one read of the online sessions. */
export interface OnlineSummaryRows {
  people: number;
  sessions: number;
  roles: OnlineGroupRow<Role>[];
  devices: OnlineGroupRow<string>[];
  /**
   * By where each session is: the proxy's country, else (country null) the profile's country name. A
   * person whose sessions disagree (one with the proxy's country, one without) counts under each.
   */
  locations: (OnlineGroupRow<string | null> & { profileCountry: string | null })[];
  recentSessions: number;
  recentUsers: number;
}

/**
 * The summary's one read of the sessions table: the people online (distinct users, however many tabs or
 * devices) in all, by role, by device type and by country (the profile's where the session has none),
 * with their online sessions in all; and the sessions and distinct users active since `recentSince`
 * (ended ones included: they were active). Both ranges are on last_activity_at.
 */
export async function summariseSessions(
  db: Database,
  onlineSince: Date,
  recentSince: Date,
): Promise<OnlineSummaryRows> {
  const groups = rowsOf<{
    kind: 'all' | 'role' | 'device' | 'location';
    role: Role | null;
    device_type: string | null;
    country: string | null;
    profile_country: string | null;
    people: number;
    sessions: number;
  }>(
    await db.execute(sql`
      with online as (
        select s.user_id, s.device_type, u.role, s.country,
               case when s.country is null then u.country end as profile_country
          from ${sessions} s join ${users} u on u.id = s.user_id
         where s.revoked_at is null and s.last_activity_at > ${onlineSince.toISOString()}::timestamptz
      )
      select case when grouping(role) = 0 then 'role'
                  when grouping(device_type) = 0 then 'device'
                  when grouping(country, profile_country) = 0 then 'location'
                  else 'all' end as kind,
             role, device_type, country, profile_country,
             count(distinct user_id)::int as people, count(*)::int as sessions
        from online
       group by grouping sets ((role), (device_type), (country, profile_country), ())`),
  );
  const [recent] = rowsOf<{ sessions: number; users: number }>(
    await db.execute(sql`
      select count(*)::int as sessions, count(distinct user_id)::int as users
        from ${sessions}
       where last_activity_at > ${recentSince.toISOString()}::timestamptz`),
  );
  const all = groups.find((row) => row.kind === 'all');
  const of = (kind: string) => groups.filter((row) => row.kind === kind);
  return {
    people: all?.people ?? 0,
    sessions: all?.sessions ?? 0,
    roles: of('role').map((row) => ({ key: row.role as Role, people: row.people })),
    devices: of('device').map((row) => ({ key: row.device_type ?? 'unknown', people: row.people })),
    locations: of('location').map((row) => ({
      key: row.country,
      profileCountry: row.profile_country,
      people: row.people,
    })),
    recentSessions: recent?.sessions ?? 0,
    recentUsers: recent?.users ?? 0,
  };
}

export type OnlinePersonRow = Awaited<ReturnType<typeof findOnlinePeoplePage>>[number];
