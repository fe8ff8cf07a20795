import { categoryDetailResponseSchema, categoryListResponseSchema, idParamsSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { ok } from '../../lib/envelope';
import { answerCachedPages, sendPublicPage } from '../../lib/public-pages';
import type { ResponseCache } from '../../lib/response-cache';
import { categoryPageKey as categoryKey } from './cached-read-service';
import { type CategoryPagesDependencies, getCategoryWithSongs, listPublicCategories } from './service';

const tags = ['categories'];

/** The public category pages: every category, and one with its songs (the busiest read of a show night). */
export function registerCategoryPublicRoutes(
  app: RouteApp,
  deps: CategoryPagesDependencies & { cache: ResponseCache },
) {
  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { tags, response: { 200: categoryListResponseSchema } } },
    async (request, reply) =>
      sendPublicPage(deps.cache, request, reply, 'categories', async () =>
        ok(await listPublicCategories(deps, request.viewer)),
      ),
  );

  app.get(
    '/categories/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParamsSchema, response: { 200: categoryDetailResponseSchema } },
      onRequest: answerCachedPages(deps.cache, (request) =>
        categoryKey((request.params as { id: string }).id),
      ),
    },
    async (request, reply) =>
      sendPublicPage(deps.cache, request, reply, categoryKey(request.params.id), async () =>
        ok(await getCategoryWithSongs(deps, request.params.id, request.viewer)),
      ),
  );
}
