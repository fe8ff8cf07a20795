import type { Redis } from 'ioredis';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';

export interface OnlineUsersDependencies {
  db: Database;
  clock: Clock;
  redis?: Redis;
  /** Tells apart deployments sharing one Redis (app.ts). */
  namespace: string;
}

/** GET /online-users, GET /online-users/stats, POST /online-users/cleanup, DELETE /online-users/{sessionId}. */
export function registerOnlineUserAdminRoutes(_app: RouteApp, _deps: OnlineUsersDependencies) {}
