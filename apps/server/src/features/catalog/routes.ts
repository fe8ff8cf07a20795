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
import { ok, page } from '../../lib/envelope';
import { chooseEncoding, NOT_STORED, sendCachedAnswer, sendRepresentation } from '../../lib/http-caching';
import { paginationOf } from '../../lib/pagination';
import type { ResponseCache } from '../../lib/response-cache';
import { listPublicBanners } from '../banners/service';
import type { CatalogDependencies } from './service';
import * as catalog from './service';
import type { ViewCounter } from './view-counter';

const tags = ['catalog'];

/** Guests and fans all see the same public pages; artists see their own pending songs, admins vote totals. */
const seesPublicPages = (request: FastifyRequest) => !request.viewer || request.viewer.role === 'fan';

/**
 * Guests' and fans' answers come from the response cache, with its ready-made bytes and ETags
 * (lib/http-caching.ts decides who may keep them). Artists and admins are answered fresh, and no cache may
 * keep that answer.
 */
async function publicOrFresh(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  produce: () => Promise<unknown>,
  options?: { revalidate?: boolean },
) {
  if (!seesPublicPages(request)) return reply.header('cache-control', NOT_STORED).send(await produce());
  const cached = cache.get(key, produce);
  return sendCachedAnswer(request, reply, cached instanceof Promise ? await cached : cached, options);
}

/**
 * A route's onRequest hook that answers a guest's or fan's request for a page already cached, fresh and in
 * the wanted encoding, before validation, the handler and their promises: on a show night this read is the
 * busiest of all, and should cost little more than sending the bytes. Only answers whose request passed
 * validation are ever cached, so a lookup by the raw parameters finds one of those or nothing; anything else
 * goes on to the route as usual.
 */
function answerCachedPages(cache: ResponseCache, keyOf: (request: FastifyRequest) => string) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const answer = seesPublicPages(request) ? cache.peek(keyOf(request)) : undefined;
    const representation = answer?.representation(chooseEncoding(request.headers['accept-encoding']));
    if (!representation || representation instanceof Promise) return done();
    sendRepresentation(request, reply, representation);
  };
}

const categoryKey = (id: string) => `category:${id}`;

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
        const { songs, total } = await catalog.listSongs(deps, request.query, request.viewer);
        return page(songs, paginationOf(request.query, total));
      }),
  );

  app.get(
    '/songs/:id',
    {
      config: { access: 'public' },
      schema: { tags, params: idParamsSchema, response: { 200: songResponseSchema } },
    },
    async (request, reply) => {
      // Every copy is checked with us first (a 304 when unchanged): the check is what counts the view.
      const answer = await publicOrFresh(
        deps.cache,
        request,
        reply,
        `song:${request.params.id}`,
        async () => ok(await catalog.getSong(deps, request.params.id, request.viewer)),
        { revalidate: true },
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
      publicOrFresh(deps.cache, request, reply, 'categories', async () =>
        ok(await catalog.listCategories(deps, request.viewer)),
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
      publicOrFresh(deps.cache, request, reply, categoryKey(request.params.id), async () =>
        ok(await catalog.getCategoryWithSongs(deps, request.params.id, request.viewer)),
      ),
  );

  app.get(
    '/stats',
    { config: { access: 'public' }, schema: { tags, response: { 200: statsResponseSchema } } },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, 'stats', async () => ok(await catalog.getStats(deps))),
  );

  app.get(
    '/stats/banners',
    { config: { access: 'public' }, schema: { tags, response: { 200: bannerListResponseSchema } } },
    async (request, reply) =>
      publicOrFresh(deps.cache, request, reply, 'banners', async () => ok(await listPublicBanners(deps))),
  );
}
