import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';

export interface BannersDependencies {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  cache: ResponseCache;
}

/** GET, POST, PUT, DELETE /admin/banners and reordering (spec 2 "Banner management"). */
export function registerBannerAdminRoutes(_app: RouteApp, _deps: BannersDependencies) {}
