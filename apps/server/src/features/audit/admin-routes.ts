import {
  auditActionsResponseSchema,
  auditListQuerySchema,
  auditListResponseSchema,
  validationMessage,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { datedFileName, sendAudited, sendCsv } from '../../lib/downloads';
import { ok, page } from '../../lib/envelope';
import { paginationOf } from '../../lib/pagination';
import { platformTimezone } from '../voting/settings-service';
import { AUDIT_EXPORT_HEADER, AUDIT_EXPORT_PREFIX, auditExportRows, recordAuditExport } from './export';
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
 * GET /admin/audit, GET /admin/audit/export and GET /admin/audit/actions: the audit log screen (who changed what, when, from where,
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
    '/admin/audit/export',
    {
      schema: {
        tags,
        security,
        querystring,
        summary: 'Export the audit log',
        description:
          'CSV (UTF-8 with BOM), audit-log-YYYY-MM-DD.csv dated in the platform’s timezone: every entry matching the list’s filters (actor, action, from, to; page and limit are ignored), newest first, streamed: Date (UTC), Action, Actor, Actor email, Target type, Target, Target id, IP address, Before, After, Details (JSON). Cells that would start a formula are neutralised. Audited (audit.exported) with the filters, the row count and the file’s SHA-256.',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const actor = adminActor(request);
      const { actor: who, action, from, to } = request.query;
      const filters = Object.fromEntries(
        Object.entries({ actor: who, action, from, to }).filter(
          (entry): entry is [string, string] => !!entry[1],
        ),
      );
      const filename = datedFileName(AUDIT_EXPORT_PREFIX, await platformTimezone(deps.db), deps.clock.now());
      await sendAudited(
        () =>
          sendCsv(reply, {
            filename,
            header: AUDIT_EXPORT_HEADER,
            rows: auditExportRows(deps.db, request.query),
          }),
        (outcome) => recordAuditExport(deps.db, actor, { filename, filters, ...outcome }),
      );
      return reply;
    },
  );

  app.get(
    '/admin/audit/actions',
    { schema: { tags, security, response: { 200: auditActionsResponseSchema } } },
    async () => ok(await listAuditActions(deps.db)),
  );
}
