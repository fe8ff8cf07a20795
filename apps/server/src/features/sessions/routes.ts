import { errorResponseSchema } from '@ovation/shared';
import { z } from 'zod';
import type { RouteApp } from '../../app-context';

const tags = ['accounts'];
const security = [{ bearer: [] }];

/** POST /sessions/heartbeat: the web app's light presence signal (every 60 s while the tab is visible). */
export function registerSessionRoutes(app: RouteApp) {
  app.post(
    '/sessions/heartbeat',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        security,
        summary: 'Presence heartbeat',
        description:
          'Keeps the session online (admin online users: active within the last 5 minutes). Resolving the session already records its activity, at most once a minute and written in batches (sessions/activity.ts), so this does no work of its own and writes nothing. 204; 401 when the session ended (signed out, removed by an admin, or idle too long).',
        response: { 204: z.null().describe('No content'), 401: errorResponseSchema },
      },
    },
    async (_request, reply) => reply.status(204).send(null),
  );
}
