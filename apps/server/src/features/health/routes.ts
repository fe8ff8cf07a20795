import { healthResponseSchema, livenessResponseSchema } from '@ovation/shared';
import type { Redis } from 'ioredis';
import type { RouteApp } from '../../app-context';
import { buildInfo } from '../../lib/build-info';
import type { DatabaseHandle } from '../../lib/db';
import { ok } from '../../lib/envelope';
import { pingDatabase } from './repository';

/** A check slower than this counts as down: a load balancer's health check must not hang. */
const CHECK_TIMEOUT_MS = 2000;
/** A query answered this recently proves the database answers: no check of our own is queued behind votes. */
const RECENT_ANSWER_MS = 1000;

export interface HealthDependencies {
  database: DatabaseHandle;
  redis?: Redis;
  /** True once shutdown has begun: readiness answers 503 so the load balancer stops sending. */
  isDraining(): boolean;
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const succeeds = (work: () => Promise<unknown>) =>
  withTimeout(work()).then(
    () => 'ok' as const,
    () => 'down' as const,
  );

const build = () => ({
  version: buildInfo.version,
  commit: buildInfo.commit,
  uptimeSeconds: Math.round(process.uptime()),
});

/**
 * GET /health/live (the process answers: restart it if not), GET /health/ready (send it traffic: the
 * database and Redis answer and it is not draining) and GET /health (the same as ready). Public: a load
 * balancer calls them without credentials; they tell nothing but the version and the parts' states.
 */
export function registerHealthRoutes(app: RouteApp, deps: HealthDependencies) {
  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: livenessResponseSchema } },
    },
    async () => ok({ status: 'ok' as const, ...build() }),
  );

  for (const url of ['/health/ready', '/health']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
      },
      async (_request, reply) => {
        const [database, redis] = await Promise.all([
          deps.database.answeredWithin(RECENT_ANSWER_MS)
            ? Promise.resolve('ok' as const)
            : succeeds(() => pingDatabase(deps.database.db)),
          deps.redis ? succeeds(() => deps.redis!.ping()) : Promise.resolve('none' as const),
        ]);
        const draining = deps.isDraining();
        const healthy = database === 'ok' && redis !== 'down';
        reply.status(healthy && !draining ? 200 : 503);
        return ok({
          status: draining ? ('draining' as const) : healthy ? ('ok' as const) : ('degraded' as const),
          database,
          databaseKind: deps.database.kind,
          redis,
          ...build(),
        });
      },
    );
  }
}
