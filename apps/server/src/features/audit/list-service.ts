import type { AuditActions, AuditListQuery, RecentActivity } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { dateRangeIn } from '../../lib/zoned-calendar';
import { platformTimezone } from '../voting/settings-service';
import { presentAuditEntry, presentRecentActivity } from './presenter';
import { type AuditFilters, findAuditPage, findNewestAuditLines } from './repository';
import { ADMIN_AUDIT_ACTIONS, SECURITY_AUDIT_ACTIONS } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every action the audit screen may filter by: the admin actions, then the security events. */
export function isKnownAuditAction(action: string): boolean {
  return (
    (ADMIN_AUDIT_ACTIONS as readonly string[]).includes(action) ||
    (SECURITY_AUDIT_ACTIONS as readonly string[]).includes(action)
  );
}

/** GET /admin/audit/actions: the action filter's choices and the timezone its dates are read in. */
export async function listAuditActions(db: Database): Promise<AuditActions> {
  return {
    admin: [...ADMIN_AUDIT_ACTIONS],
    security: [...SECURITY_AUDIT_ACTIONS],
    timezone: await platformTimezone(db),
  };
}

/**
 * GET /admin/audit: a page of entries, newest first, and how many match. With no action chosen it lists the admin changes
 * only; a security event (sign-ins, lockouts) is listed when it is chosen, so those do not drown the
 * admins' trail. Dates are calendar days in the platform's timezone, `to` included whole.
 */
export async function listAuditEntries(db: Database, query: AuditListQuery) {
  const { rows, total } = await findAuditPage(db, await auditFiltersOf(db, query), query);
  return { entries: rows.map(presentAuditEntry), total };
}

/**
 * The list's filters as the repository reads them (the list and its export use the same): the chosen
 * action or every admin change, the actor by id or by part of the name or e-mail, and the calendar days
 * in the platform's timezone, `to` included whole.
 */
export async function auditFiltersOf(
  db: Database,
  query: Pick<AuditListQuery, 'action' | 'actor' | 'from' | 'to'>,
): Promise<AuditFilters> {
  const timezone = await platformTimezone(db);
  const { start, endBefore } = dateRangeIn(query, timezone);
  const actor = query.actor;
  return {
    actions: query.action ? [query.action] : ADMIN_AUDIT_ACTIONS,
    actorId: actor && UUID.test(actor) ? actor : undefined,
    actorText: actor && !UUID.test(actor) ? actor : undefined,
    since: start,
    before: endBefore,
  };
}

/** The line that stands for a whole bulk upload: one action for the batch, with how many songs it added. */
export const BULK_UPLOAD_LINE = 'song.bulk-uploaded';

/**
 * The newest admin changes, for the dashboard's Recent Activity. A bulk upload is one line
 * ('Ada Obi added 5,000 songs by bulk upload', action `song.bulk-uploaded` with its `count`) rather than
 * one line per song, which would push every other change out of view; a batch of one reads as the
 * song's own line.
 */
export async function listRecentAdminActivity(db: Database, limit: number): Promise<RecentActivity[]> {
  const rows = await findNewestAuditLines(db, ADMIN_AUDIT_ACTIONS, limit);
  return rows.map((row) => {
    const line = presentRecentActivity(row);
    if (row.count <= 1) return line;
    const actor = line.actor?.name ?? 'A deleted account';
    return {
      ...line,
      action: BULK_UPLOAD_LINE,
      description: `${actor} added ${row.count.toLocaleString('en')} songs by bulk upload`,
      target: null,
      count: row.count,
    };
  });
}
