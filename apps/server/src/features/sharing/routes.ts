import {
  DEFAULT_LANGUAGE,
  errorResponseSchema,
  idParamsSchema,
  shareImageQuerySchema,
} from '@ovation/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteApp } from '../../app-context';
import { NotFound } from '../../lib/errors';
import { IMMUTABLE_CACHE } from '../../lib/http-caching';
import { memoizeFor } from '../../lib/memo';
import { listCategoryIds } from '../categories/cached-read-service';
import { listApprovedSongEntries } from '../songs/cached-read-service';
import { renderRobotsTxt, renderSitemap } from './crawler-files';
import { brandShareImage, originOf, type SharingDependencies, songShareImage } from './service';

/**
 * A picture asked for by an older version (a preview cached before the song changed) gets today's picture,
 * kept only briefly: its address will not name it for long.
 */
const SUPERSEDED_IMAGE_CACHE = 'public, max-age=300, s-maxage=300';
/** Crawlers read robots.txt about daily; an hour at the browser and a day at a CDN. */
const ROBOTS_CACHE = 'public, max-age=3600, s-maxage=86400';
/** A newly approved song reaches the sitemap within 10 minutes, and a CDN's copy within the hour. */
const SITEMAP_CACHE = 'public, max-age=600, s-maxage=3600';
const SITEMAP_ENTRIES_TTL_MS = 10 * 60 * 1000;

function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { version: string; bytes: Buffer },
  askedVersion: string | undefined,
) {
  const etag = `"${image.version}"`;
  reply
    .header('cache-control', askedVersion === image.version ? IMMUTABLE_CACHE : SUPERSEDED_IMAGE_CACHE)
    .header('etag', etag)
    .type('image/jpeg');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply.send(image.bytes);
}

const imageDescription =
  'A 1200×630 JPEG for link previews (WhatsApp, Facebook, X), drawn once per version and kept. `lang` picks the language of its texts; `v` is the version the page names: an answer for the current version is cached for a year, any other for five minutes.';

/** The share pictures, under /api beside the song they show (robots.txt lets crawlers fetch them). */
export function registerShareImageRoutes(app: RouteApp, deps: SharingDependencies) {
  app.get(
    '/songs/:id/share-image',
    {
      config: { access: 'public' },
      schema: {
        tags: ['songs'],
        summary: 'A song’s share picture',
        description: `${imageDescription} The song's cover, title, artist and category; 404 SONG_NOT_FOUND for a song not approved.`,
        params: idParamsSchema,
        querystring: shareImageQuerySchema,
        produces: ['image/jpeg'],
        response: { 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const image = await songShareImage(deps, request.params.id, request.query.lang ?? DEFAULT_LANGUAGE);
      if (!image) throw NotFound('SONG_NOT_FOUND');
      return sendImage(request, reply, image, request.query.v);
    },
  );

  app.get(
    '/share-image',
    {
      config: { access: 'public' },
      schema: {
        tags: ['sharing'],
        summary: 'The platform’s share picture',
        description: `${imageDescription} The brand and its tagline: the home page's, the lists' and the categories' previews.`,
        querystring: shareImageQuerySchema,
        produces: ['image/jpeg'],
      },
    },
    async (request, reply) =>
      sendImage(
        request,
        reply,
        await brandShareImage(deps, request.query.lang ?? DEFAULT_LANGUAGE),
        request.query.v,
      ),
  );
}

/** /robots.txt and /sitemap.xml, at the site's root where crawlers look for them. */
export function registerCrawlerRoutes(app: FastifyInstance, deps: SharingDependencies) {
  const entries = memoizeFor(SITEMAP_ENTRIES_TTL_MS, async () => {
    const [songs, categoryIds] = await Promise.all([listApprovedSongEntries(deps), listCategoryIds(deps)]);
    return { songs, categoryIds };
  });

  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('cache-control', ROBOTS_CACHE)
      .type('text/plain; charset=utf-8')
      .send(renderRobotsTxt(originOf(deps, request))),
  );

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(renderSitemap(originOf(deps, request), await entries.get())),
  );
}
