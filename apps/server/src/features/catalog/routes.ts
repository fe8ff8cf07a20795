import {
  bannerListResponseSchema,
  categoryDetailResponseSchema,
  categoryListResponseSchema,
  idParamsSchema,
  listSongsQuerySchema,
  songPageResponseSchema,
  songResponseSchema,
  statsResponseSchema,
} from '@ovation/shared';
import type { AppContext, RouteApp } from '../../app-context';
import * as catalog from './service';

export function registerCatalogRoutes(app: RouteApp, context: AppContext) {
  const deps = { db: context.database.db, storage: context.storage };

  app.get(
    '/songs',
    {
      schema: {
        tags: ['catalog'],
        querystring: listSongsQuerySchema,
        response: { 200: songPageResponseSchema },
      },
    },
    async (request) => {
      const { songs, pagination } = await catalog.listSongs(deps, request.query, request.viewer);
      return { success: true as const, data: songs, pagination };
    },
  );

  app.get(
    '/songs/:id',
    { schema: { tags: ['catalog'], params: idParamsSchema, response: { 200: songResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await catalog.getSong(deps, request.params.id, request.viewer),
    }),
  );

  app.get(
    '/categories',
    { schema: { tags: ['catalog'], response: { 200: categoryListResponseSchema } } },
    async (request) => ({ success: true as const, data: await catalog.listCategories(deps, request.viewer) }),
  );

  app.get(
    '/categories/:id',
    {
      schema: { tags: ['catalog'], params: idParamsSchema, response: { 200: categoryDetailResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await catalog.getCategoryWithSongs(deps, request.params.id, request.viewer),
    }),
  );

  app.get('/stats', { schema: { tags: ['catalog'], response: { 200: statsResponseSchema } } }, async () => ({
    success: true as const,
    data: await catalog.getStats(deps),
  }));

  app.get(
    '/stats/banners',
    { schema: { tags: ['catalog'], response: { 200: bannerListResponseSchema } } },
    async () => ({ success: true as const, data: await catalog.listBanners(deps) }),
  );
}
