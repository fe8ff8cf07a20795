import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import type { ResponseCache } from '../../lib/response-cache';
import type { FileStorage } from '../../lib/storage';

export interface ImagesDependencies {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  cache: ResponseCache;
}

/** GET /admin/images, POST /admin/images/upload, DELETE /admin/images/{filename} (spec 2 "Image management"). */
export function registerImageAdminRoutes(_app: RouteApp, _deps: ImagesDependencies) {}
