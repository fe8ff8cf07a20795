import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics';

/**
 * What shutting down needs from every request: each answer carries its request id; handlers still running
 * (even for a client that went away) are counted, so `waitForHandlers` can let them finish before the pool
 * closes; `startDraining` turns readiness to 503 (health routes read `isDraining`). Every request's
 * duration is recorded by route pattern (never the raw URL: ids would make a series per song).
 */
export function registerLifecycle(app: FastifyInstance, metrics: Metrics) {
  let handlersRunning = 0;
  let draining = false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    request.viewer = null;
    handlersRunning++;
  });
  app.addHook('onResponse', async (request, reply) => {
    handlersRunning--;
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.decorate('waitForHandlers', async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (handlersRunning > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
  });
  app.decorate('startDraining', () => {
    draining = true;
    metrics.draining.set(1);
  });
  return { isDraining: () => draining };
}
