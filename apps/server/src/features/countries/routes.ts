import type { FastifyInstance } from 'fastify';
import { countriesJson } from './service';

/** A day: the list changes only with a dependency upgrade. */
const COUNTRIES_CACHE = 'public, max-age=86400';

/** Serves the country/state list at the path the spec's client reads. */
export function registerCountryRoutes(app: FastifyInstance) {
  app.get('/assets/countries-optimized.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', COUNTRIES_CACHE).type('application/json; charset=utf-8');
    return countriesJson();
  });
}
