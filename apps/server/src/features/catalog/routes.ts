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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { ResponseCache } from '../../lib/response-cache';
import { listPublicBanners } from '../banners/service';
import type { CatalogDependencies } from './service';
import * as catalog from './service';
import type { ViewCounter } from './view-counter';

const tags = ['catalog'];

/**
 * Guests and fans all see the same public pages, so their answers come from the response cache.
 * Artists (who see their own pending songs) and admins (who see vote totals) are answered fresh.
 */
async function publicOrFresh(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<unknown>,
) {
  const viewer = request.viewer;
  if (viewer && viewer.role !== 'fan') return reply.send(await produce());
  // Already-serialised JSON: Fastify sends a string as it is.
  return reply.type('application/json; charset=utf-8').send(await cache.get(key, produce));
}

export function registerCatalogRoutes(
  app: RouteApp,
  deps: CatalogDependencies & { cache: ResponseCache; views: ViewCounter; clock: Clock },
) {
  app.get(
    '/songs',
    {
      config: { access: 'public' },
      schema: { tags, querystring: listSongsQuerySchema, response: { 200: songPageResponseSchema } },
    },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, `songs:${JSON.stringify(request.query)}`, async () => {
        const { songs, pagination } = await catalog.listSongs(deps, request.query, request.viewer);
        return { success: true as const, data: songs, pagination };
      }),
  );

  app.get(
    '/songs/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParamsSchema, response: { 200: songResponseSchema } },
    },
    async (request, reply) => {
      const answer = await publicOrFresh(
        deps.cache,
        request,
        reply,
        `song:${request.params.id}`,
        async () => ({
          success: true as const,
          data: await catalog.getSong(deps, request.params.id, request.viewer),
        }),
      );
      // Counted after the song was found (unknown ids throw above); a failure here only costs a view.
      await deps.views
        .record(
          request.params.id,
          { userId: request.viewer?.id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
          deps.clock.now(),
        )
        .catch((error: unknown) => request.log.warn({ err: error }, 'view not counted'));
      return answer;
    },
  );

  app.get(
    '/categories',
    { config: { access: 'public' }, schema: { tags, response: { 200: categoryListResponseSchema } } },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, 'categories', async () => ({
        success: true as const,
        data: await catalog.listCategories(deps, request.viewer),
      })),
  );

  app.get(
    '/categories/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParamsSchema, response: { 200: categoryDetailResponseSchema } },
    },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, `category:${request.params.id}`, async () => ({
        success: true as const,
        data: await catalog.getCategoryWithSongs(deps, request.params.id, request.viewer),
      })),
  );

  app.get(
    '/stats',
    { config: { access: 'public' }, schema: { tags, response: { 200: statsResponseSchema } } },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, 'stats', async () => ({
        success: true as const,
        data: await catalog.getStats(deps),
      })),
  );

  app.get(
    '/stats/banners',
    { config: { access: 'public' }, schema: { tags, response: { 200: bannerListResponseSchema } } },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, 'banners', async () => ({
        success: true as const,
        data: await listPublicBanners(deps),
      })),
  );
}
