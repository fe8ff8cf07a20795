import {
  deletionRequestResponseSchema,
  idParamsSchema,
  privacyRequestBodySchema,
  privacyRequestsResponseSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { longDate, successMessage } from '../../lib/language';
import {
  answerAccessRequest,
  answerDeletionRequest,
  listPrivacyRequests,
  type PrivacyRequestDependencies,
} from './request-service';
import { sendDataFile } from './routes';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * Answering a user's request about their data from the users screen: their past requests, a copy of
 * their data (the JSON file they would download themselves), the deletion of their account. Admins only.
 */
export function registerPrivacyAdminRoutes(app: RouteApp, deps: PrivacyRequestDependencies) {
  app.get(
    '/admin/users/:id/privacy-requests',
    { schema: { tags, security, params: idParamsSchema, response: { 200: privacyRequestsResponseSchema } } },
    async (request) => ok(await listPrivacyRequests(deps.db, request.params.id)),
  );

  app.post(
    '/admin/users/:id/privacy-requests/access',
    { schema: { tags, security, params: idParamsSchema, body: privacyRequestBodySchema } },
    async (request, reply) => {
      const file = await answerAccessRequest(
        deps,
        adminActor(request),
        request.params.id,
        request.body.receivedAt,
      );
      return sendDataFile(reply, file);
    },
  );

  app.post(
    '/admin/users/:id/privacy-requests/deletion',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: privacyRequestBodySchema,
        response: { 200: deletionRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const { restorableUntil } = await answerDeletionRequest(
        deps,
        adminActor(request),
        request.params.id,
        request.body.receivedAt,
      );
      return ok(
        { restorableUntil: restorableUntil.toISOString() },
        successMessage(request, reply, 'deletedOnRequest', { date: longDate(request, restorableUntil) }),
      );
    },
  );
}
