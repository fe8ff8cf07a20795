import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Database } from '../../lib/db';

export interface UserCounts {
  total: number;
  /** Accounts with the artist role (the spec calls the tile 'artiste'). */
  artiste: number;
  /** Accounts that are not deactivated. */
  active: number;
  /** Accounts created since the first day of `now`'s calendar month (UTC). */
  newThisMonth: number;
  /** Accounts whose last sign-in is within the 30 days before `now`. */
  signedInLast30Days: number;
}

/** 30 days: the dashboard's 'Active Users' window of recent sign-ins. */
const RECENT_SIGN_IN_DAYS = 30;

/** The first instant of `now`'s calendar month in UTC. */
export function startOfMonthUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * The user tiles of the users screen and the dashboard, counted in one pass over the users table.
 * `now` is passed in so tests (and the dashboard) agree on what 'this month' means.
 */
export async function countUsers(db: Database, now: Date): Promise<UserCounts> {
  const monthStart = startOfMonthUtc(now).toISOString();
  const recentSince = new Date(now.getTime() - RECENT_SIGN_IN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      artiste: sql<number>`count(*) filter (where ${users.role} = 'artist')::int`,
      active: sql<number>`count(*) filter (where ${users.isActive})::int`,
      newThisMonth: sql<number>`count(*) filter (where ${users.createdAt} >= ${monthStart}::timestamptz)::int`,
      signedInLast30Days: sql<number>`count(*) filter (where ${users.lastLogin} >= ${recentSince}::timestamptz)::int`,
    })
    .from(users);
  return {
    total: Number(row?.total ?? 0),
    artiste: Number(row?.artiste ?? 0),
    active: Number(row?.active ?? 0),
    newThisMonth: Number(row?.newThisMonth ?? 0),
    signedInLast30Days: Number(row?.signedInLast30Days ?? 0),
  };
}
