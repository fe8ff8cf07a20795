import { votingStatusResponseSchema } from '@ovation/shared';
import type { AppContext, RouteApp } from '../../app-context';
import { getVotingStatus } from './service';

export function registerVotingRoutes(app: RouteApp, context: AppContext) {
  app.get(
    '/voting-settings/status',
    { schema: { tags: ['voting'], response: { 200: votingStatusResponseSchema } } },
    async () => ({ success: true as const, data: await getVotingStatus(context.database.db, context.clock) }),
  );
}
