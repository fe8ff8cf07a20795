import {
  AD_EVENTS_BODY_LIMIT,
  adImpressionBatchSchema,
  adSlotsQuerySchema,
  adSlotsResponseSchema,
  adTokenParamsSchema,
} from '@ovation/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';
import { done, ok } from '../../lib/envelope';
import { Invalid } from '../../lib/errors';
import { deviceIdOf } from '../../lib/request-meta';
import type { AdsRuntime } from './runtime';

const tags = ['ads'];

/** Whatever was counted: the answer never tells a client (or a bot) whether its events were filtered. */
const acceptedSchema = z.object({ success: z.literal(true) });

/** The viewer a page is served for: the account, else the browser's own device id, else nobody known. */
function identityOf(request: FastifyRequest): string | null {
  if (request.viewer) return `user:${request.viewer.id}`;
  const deviceId = deviceIdOf(request.headers['x-device-id']);
  return deviceId ? `device:${deviceId}` : null;
}

/**
 * Serving and counting on the public site: GET /ad-slots (the ads of a page's slots),
 * POST /ad-events (impression batches) and GET /ad-click/:token (records the click, redirects to the
 * ad's stored target).
 */
export function registerAdPublicRoutes(app: RouteApp, ads: AdsRuntime) {
  app.get(
    '/ad-slots',
    {
      config: { access: 'public' },
      schema: { tags, querystring: adSlotsQuerySchema, response: { 200: adSlotsResponseSchema } },
    },
    async (request, reply) => {
      // Each answer is drawn for this viewer, with tokens signed for them: never shared by a cache.
      reply.header('cache-control', 'private, no-store');
      const served = await ads.serve({ slots: request.query.slots, identity: identityOf(request) });
      return ok({ ads: served });
    },
  );

  // In a scope of its own: the one route that also reads JSON sent as text/plain.
  app.register(async (child) => {
    const scope = child as unknown as RouteApp;
    // `navigator.sendBeacon(url, string)` sends text/plain; a Blob typed application/json is the usual form.
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Invalid('INVALID_JSON'), undefined);
      }
    });
    scope.post(
      '/ad-events',
      {
        config: { access: 'public' },
        // A full batch is under 14 KB: anything bigger is refused (413) before it is parsed.
        bodyLimit: AD_EVENTS_BODY_LIMIT,
        schema: { tags, body: adImpressionBatchSchema, response: { 202: acceptedSchema } },
      },
      async (request, reply) => {
        await ads.recordImpressions(request.body.impressions, request.headers['user-agent']);
        return reply.code(202).header('cache-control', 'no-store').send(done());
      },
    );
  });

  app.get(
    '/ad-click/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: adTokenParamsSchema },
    },
    async (request, reply) => {
      const target = await ads.recordClick(request.params.token, request.headers['user-agent']);
      // Every click must reach the server to be counted: no cache keeps the redirect. The sponsor learns the
      // visit came from this site (its origin) and nothing more: not the page, nor the token in this path.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'strict-origin');
      return reply.redirect(target ? new URL(target).href : '/', 302);
    },
  );
}
