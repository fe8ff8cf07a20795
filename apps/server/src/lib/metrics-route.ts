import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { Unauthorized } from './errors';
import { NOT_STORED } from './http-caching';

/** Compares digests, so neither the token's content nor its length shows in the time taken. */
function sameSecret(given: string, expected: string) {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the public port, only to `Authorization: Bearer <METRICS_TOKEN>` (a scraper that can only
 * reach the public address). Without a token nothing is registered: the path is a 404 like any other.
 */
export function registerMetricsRoute(app: FastifyInstance, options: { registry: Registry; token?: string }) {
  const { registry, token } = options;
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw Unauthorized();
    }
    reply.header('cache-control', NOT_STORED).type(registry.contentType);
    return registry.metrics();
  });
}

/**
 * The metrics on a port of their own (METRICS_PORT), for a scraper on the private network: a plain Node
 * server answering GET /metrics and nothing else, never reachable through the public listener.
 */
export async function startMetricsServer(options: { registry: Registry; port: number; host: string }) {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    options.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
