import { adminDashboardResponseSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { getAdminDashboard } from './dashboard-service';

/** GET /admin/dashboard (the admin spec's "Admin dashboard"). Registered inside the admin scope: admins only. */
export function registerDashboardAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        response: { 200: adminDashboardResponseSchema },
      },
    },
    async () => ok(await getAdminDashboard(deps)),
  );
}
