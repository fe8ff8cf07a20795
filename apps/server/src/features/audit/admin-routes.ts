import {
  auditActionsResponseSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  validationMessage,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { ok, page } from '../../lib/envelope';
import { paginationOf } from '../../lib/pagination';
import { isKnownAuditAction, listAuditActions, listAuditEntries } from './list-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** An action filter names one of the listed actions; anything else is a mistake, not an empty list. */
const querystring = auditListQuerySchema.refine(
  (query) => !query.action || isKnownAuditAction(query.action),
  {
    path: ['action'],
    message: validationMessage('auditActionInvalid'),
  },
);

/**
 * GET /admin/audit and GET /admin/audit/actions: the audit log screen (who changed what, when, from where,
 * with the before and after). Registered inside the admin scope (lib/access.ts): admins only.
 */
export function registerAuditAdminRoutes(app: RouteApp, deps: { db: Database; clock: Clock }) {
  app.get(
    '/admin/audit',
    { schema: { tags, security, querystring, response: { 200: auditListResponseSchema } } },
    async (request) => {
      const { entries, total } = await listAuditEntries(deps.db, request.query);
      return page(entries, paginationOf(request.query, total));
    },
  );

  app.get(
    '/admin/audit/actions',
    { schema: { tags, security, response: { 200: auditActionsResponseSchema } } },
    async () => ok(await listAuditActions(deps.db)),
  );
}
