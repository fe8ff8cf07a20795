import { healthResponseSchema } from '@ovation/shared';
import { sql } from 'drizzle-orm';
import type { AppContext, RouteApp } from '../../app-context';

const VERSION = '1.0.0';

export function registerHealthRoutes(app: RouteApp, context: AppContext) {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: healthResponseSchema } },
    },
    async (_request, reply) => {
      let database: 'ok' | 'down' = 'ok';
      try {
        await context.database.db.execute(sql`select 1`);
      } catch {
        database = 'down';
      }
      reply.status(database === 'ok' ? 200 : 503);
      return {
        success: true as const,
        data: {
          status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
          database,
          databaseKind: context.database.kind,
          uptimeSeconds: Math.round(process.uptime()),
          version: VERSION,
        },
      };
    },
  );
}
