import {
  idParamsSchema,
  listSongsQuerySchema,
  songPageResponseSchema,
  songResponseSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import { ok, page } from '../../lib/envelope';
import { paginationOf } from '../../lib/pagination';
import { sendPublicPage } from '../../lib/public-pages';
import type { ResponseCache } from '../../lib/response-cache';
import { songPageKey } from './cached-read-service';
import { getSong, listSongs, type PublicSongsDependencies } from './public-service';
import type { ViewCounter } from './view-counter';

const tags = ['songs'];

/** The public song pages: the songs list and one song (whose opening counts a view). */
export function registerSongPublicRoutes(
  app: RouteApp,
  deps: PublicSongsDependencies & { cache: ResponseCache; views: ViewCounter; clock: Clock },
) {
  app.get(
    '/songs',
    {
      config: { access: 'public' },
      schema: { tags, querystring: listSongsQuerySchema, response: { 200: songPageResponseSchema } },
    },
    async (request, reply) =>
      sendPublicPage(deps.cache, request, reply, `songs:${JSON.stringify(request.query)}`, async () => {
        const { songs, total } = await listSongs(deps, request.query, request.viewer);
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
      const answer = await sendPublicPage(
        deps.cache,
        request,
        reply,
        songPageKey(request.params.id),
        async () => ok(await getSong(deps, request.params.id, request.viewer)),
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
}
