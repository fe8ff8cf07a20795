import { statsResponseSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { Database } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { sendPublicPage } from '../../lib/public-pages';
import type { ResponseCache } from '../../lib/response-cache';
import { getPlatformStats } from './service';

/** GET /stats: the home page's figures, a public page shared by everyone who sees it. */
export function registerStatsRoutes(app: RouteApp, deps: { db: Database; cache: ResponseCache }) {
  app.get(
    '/stats',
    { config: { access: 'public' }, schema: { tags: ['stats'], response: { 200: statsResponseSchema } } },
    async (request, reply) =>
      sendPublicPage(deps.cache, request, reply, 'stats', async () => ok(await getPlatformStats(deps.db))),
  );
}
