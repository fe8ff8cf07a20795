import type { FastifyInstance } from 'fastify';
import { Forbidden, NotFound } from '../../lib/errors';
import { IMMUTABLE_CACHE } from '../../lib/http-caching';
import { type FileStorage, isSafeKey } from '../../lib/storage';

/** What the stores hold: pictures re-encoded to WebP (and, should one ever be kept, the upload formats). */
const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/**
 * GET /uploads/<key>: an uploaded file from the configured store (disk or database, through the instance's
 * memory cache), so every instance serves every upload. Keys never get other bytes, so answers are cached
 * for a year by browsers and CDNs; nosniff (set on every answer) keeps a browser from reading one as script.
 */
export function registerUploadRoutes(app: FastifyInstance, storage: FileStorage) {
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    // A folder, or a way out of the uploads: refused, as a file server would, not merely not found.
    if (key === '' || key.endsWith('/') || key.split('/').includes('..')) throw Forbidden();
    const type = CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
    const body = type && isSafeKey(key) ? await storage.get(key) : undefined;
    if (!body) throw NotFound('ROUTE_NOT_FOUND');
    return reply.header('cache-control', IMMUTABLE_CACHE).type(type!).send(body);
  });
}
