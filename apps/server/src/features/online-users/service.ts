import {
  DEVICE_TYPES,
  type DeviceType,
  ONLINE_PRESENCE_MINUTES,
  type OnlineCleanupResult,
  type OnlineSession,
  type OnlineStats,
  type OnlineUsersQuery,
  RECENT_ACTIVITY_HOURS,
  type Role,
  UNKNOWN_LOCATION,
} from '@ovation/shared';
import type { Redis } from 'ioredis';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import { offsetOf } from '../../lib/pagination';
import { type Actor, audit } from '../audit/service';
import { findCountryByName } from '../countries/service';
import {
  endIdleSessions,
  endUserSessions,
  flushSessionActivity,
  forgetCachedSessions,
} from '../sessions/service';
import * as repository from './repository';
import { OnlineStatsSummary } from './stats-summary';

export interface OnlineUsersDependencies {
  db: Database;
  clock: Clock;
  redis?: Redis;
  /** Tells apart deployments sharing one Redis (app.ts). */
  namespace: string;
}

const PRESENCE_MS = ONLINE_PRESENCE_MINUTES * 60 * 1000;
const RECENT_MS = RECENT_ACTIVITY_HOURS * 60 * 60 * 1000;

/**
 * Where a session is: the country the trusted proxy gave at sign-in (stored only when TRUST_PROXY is
 * set), else the user's profile country (its ISO code), else null.
 */
function locationOf(sessionCountry: string | null, profileCountry: string | null): string | null {
  if (sessionCountry) return sessionCountry;
  return profileCountry ? (findCountryByName(profileCountry)?.id ?? null) : null;
}

/** A session's stored device type as the API names it (lib/request-meta.ts's deviceTypeOf wrote it). */
function storedDeviceType(stored: string): DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(stored) ? (stored as DeviceType) : 'unknown';
}

function toOnlineSession(row: repository.OnlinePersonRow): OnlineSession {
  return {
    _id: row.id,
    user: { _id: row.userId, name: row.name, email: row.email, role: row.role },
    deviceInfo: { type: storedDeviceType(row.deviceType) },
    location: locationOf(row.country, row.profileCountry),
    loginTime: row.createdAt.toISOString(),
    lastActivity: row.lastActivityAt.toISOString(),
    sessions: row.sessions,
    current: row.current,
  };
}

/** The summary's count of people online, of one role or all. */
function onlineCount(stats: OnlineStats, role: Role | undefined) {
  if (!role) return stats.currentOnline;
  return stats.roles.find((group) => group._id === role)?.count ?? 0;
}

/** Counts by key, most first (then by key, so equal counts keep one order). */
function ranked<K extends string>(counts: Map<K, number>) {
  return [...counts]
    .map(([_id, count]) => ({ _id, count }))
    .sort((a, b) => b.count - a.count || a._id.localeCompare(b._id));
}

function add<K>(counts: Map<K, number>, key: K, amount: number) {
  counts.set(key, (counts.get(key) ?? 0) + amount);
}

/**
 * Reads the sessions table once and builds the stats, counting people (one admin in nine tabs is one
 * admin, on one desktop): what the summary runs at most once a minute.
 */
export async function computeOnlineStats(db: Database, clock: Clock): Promise<OnlineStats> {
  await flushSessionActivity(db);
  const now = clock.now();
  const summary = await repository.summariseSessions(
    db,
    new Date(now.getTime() - PRESENCE_MS),
    new Date(now.getTime() - RECENT_MS),
  );
  const locations = new Map<string, number>();
  for (const group of summary.locations) {
    add(locations, locationOf(group.key, group.profileCountry) ?? UNKNOWN_LOCATION, group.people);
  }
  const devices = new Map<DeviceType, number>();
  for (const group of summary.devices) add(devices, storedDeviceType(group.key), group.people);
  return {
    currentOnline: summary.people,
    onlineSessions: summary.sessions,
    recentActivity: summary.recentSessions,
    uniqueUsers: summary.recentUsers,
    locations: ranked(locations),
    roles: ranked(new Map(summary.roles.map((group) => [group.key, group.people]))),
    devices: ranked(devices),
    computedAt: now.toISOString(),
  };
}

/** The online users feature with its per-minute stats summary: one per app (admin-routes.ts). */
export class OnlineUsers {
  readonly summary: OnlineStatsSummary;

  constructor(
    private readonly deps: OnlineUsersDependencies,
    onError: (error: unknown) => void,
  ) {
    this.summary = new OnlineStatsSummary({
      compute: () => computeOnlineStats(deps.db, deps.clock),
      clock: deps.clock,
      redis: deps.redis,
      namespace: deps.namespace,
      onError,
    });
  }

  /**
   * The people online now (GET /online-users): users with a session active within the last 5 minutes and
   * not ended, each once with their most recent session and how many they have online, most recent
   * activity first, 20 a page, by role if asked. This process's pending activity is written first, so the
   * admin asking (and anyone active here a moment ago) is in the list.
   *
   * The total: a page that is not full says it exactly. Otherwise counting would read every online
   * session on each call (100,000 at a show's peak), so the per-minute summary's count for the role
   * answers, like the stats tiles (a search, which the summary does not know, is counted).
   */
  async list(query: OnlineUsersQuery, currentSessionId: string | null) {
    const { db, clock } = this.deps;
    await flushSessionActivity(db);
    const activeSince = new Date(clock.now().getTime() - PRESENCE_MS);
    const rows = await repository.findOnlinePeoplePage(db, activeSince, query, currentSessionId);
    const seen = offsetOf(query) + rows.length;
    let total: number;
    if (rows.length < query.limit && (rows.length > 0 || query.page === 1)) total = seen;
    else if (query.search) total = await repository.countOnlinePeople(db, activeSince, query);
    else total = Math.max(seen, onlineCount(await this.summary.current(), query.role));
    return { sessions: rows.map(toOnlineSession), total };
  }

  /**
   * Recomputes the summary now (the online-users-summary job, once a minute for the whole deployment), so
   * an admin opening the screen finds it fresh instead of starting a refresh. Answers the people online
   * and their sessions.
   */
  async refreshSummary(): Promise<{ people: number; sessions: number }> {
    const stats = await this.summary.refreshNow();
    return { people: stats.currentOnline, sessions: stats.onlineSessions };
  }

  /** GET /online-users/stats: the per-minute summary, never a read of the table on the caller's time. */
  stats(): Promise<OnlineStats> {
    return this.summary.current();
  }

  /**
   * Cleanup Inactive (POST /online-users/cleanup): ends every session idle longer than the inactivity
   * limit, audited with how many sessions of how many people in the same transaction. The summary is
   * marked out of date and refreshed in the background (its next reader sees the change; nobody waits
   * for the table).
   */
  async cleanup(actor: Actor): Promise<OnlineCleanupResult> {
    const { db, clock } = this.deps;
    const result = await db.transaction(async (tx) => {
      const ended = await endIdleSessions(tx, clock);
      await audit(tx, actor, { action: 'sessions.cleaned-up', details: ended });
      return ended;
    });
    await this.summary.invalidate();
    return result;
  }

  /**
   * Remove (DELETE /online-users/{sessionId}, a row of the list): takes that session's user off online
   * status, ending every session they have (all their tabs and devices; the admin's own session is
   * kept), audited with the user and the count. They are forgotten by the session caches of every
   * instance once the change committed, so their next request is refused wherever it lands. The admin's
   * own session is refused (409): that is what Logout is for.
   */
  async remove(actor: Actor, sessionId: string, currentSessionId: string | null) {
    if (sessionId === currentSessionId) throw Conflict('CANNOT_END_OWN_SESSION');
    const { db, clock } = this.deps;
    const userId = await db.transaction(async (tx) => {
      const session = await repository.lockLiveSession(tx, sessionId);
      if (!session) throw NotFound('SESSION_NOT_FOUND');
      const ended = await endUserSessions(
        tx,
        clock,
        session.userId,
        'removed-by-admin',
        currentSessionId ?? undefined,
      );
      await audit(tx, actor, {
        action: 'user.session.removed',
        targetType: 'user',
        targetId: session.userId,
        details: { name: session.name, sessionId: session.id, deviceType: session.deviceType, ended },
      });
      return session.userId;
    });
    forgetCachedSessions(db, userId);
    // Counted out of the stats by a refresh in the background, not on the admin's time.
    await this.summary.invalidate();
  }

  close() {
    return this.summary.close();
  }
}
