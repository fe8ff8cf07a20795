import {
  BREACH_NOTICE_HOURS,
  breachListQuerySchema,
  breachListResponseSchema,
  breachNotificationBodySchema,
  breachResponseSchema,
  idParamsSchema,
  recordBreachBodySchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { type BreachesDependencies, listBreaches, recordBreach, recordNotification } from './service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The breach register (/admin/breaches): list, record, record the notification. Admins only. */
export function registerBreachAdminRoutes(app: RouteApp, deps: BreachesDependencies) {
  app.get(
    '/admin/breaches',
    {
      schema: {
        tags,
        security,
        querystring: breachListQuerySchema,
        response: { 200: breachListResponseSchema },
      },
    },
    async (request) => {
      const { breaches, pagination } = await listBreaches(deps, request.query);
      return page(breaches, pagination);
    },
  );

  app.post(
    '/admin/breaches',
    { schema: { tags, security, body: recordBreachBodySchema, response: { 201: breachResponseSchema } } },
    async (request, reply) => {
      const breach = await recordBreach(deps, adminActor(request), request.body);
      reply.status(201);
      return ok(breach, successMessage(request, reply, 'breachRecorded', { hours: BREACH_NOTICE_HOURS }));
    },
  );

  app.patch(
    '/admin/breaches/:id/notification',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: breachNotificationBodySchema,
        response: { 200: breachResponseSchema },
      },
    },
    async (request, reply) => {
      const breach = await recordNotification(deps, adminActor(request), request.params.id, request.body);
      return ok(breach, successMessage(request, reply, 'breachNotified'));
    },
  );
}
