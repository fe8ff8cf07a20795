import type { AuditListQuery } from '@ovation/shared';
import type { Database } from '../../lib/db';
import type { CellValue, DownloadOutcome } from '../../lib/downloads';
import { auditFiltersOf } from './list-service';
import { presentAuditEntry } from './presenter';
import { streamAuditRows } from './repository';
import { type Actor, audit } from './service';

/** The export's file name before its date: `audit-log-YYYY-MM-DD.csv`, dated in the platform's timezone. */
export const AUDIT_EXPORT_PREFIX = 'audit-log';

/**
 * The export's columns: the screen's (when in UTC, action code, who, target, IP) and what changed as
 * JSON (before, after, other details) so nothing recorded is lost for whoever reads the file.
 */
export const AUDIT_EXPORT_HEADER = [
  'Date (UTC)',
  'Action',
  'Actor',
  'Actor email',
  'Target type',
  'Target',
  'Target id',
  'IP address',
  'Before',
  'After',
  'Details',
];

/** Entries read from the database per batch: a few hundred kilobytes of rows at a time. */
const AUDIT_EXPORT_BATCH_SIZE = 1000;

const json = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/**
 * Every entry matching the list's filters, newest first, as export rows, batch by batch straight from
 * the database (never the whole log in memory). Text is written as recorded; the CSV writer neutralises
 * any cell a spreadsheet would read as a formula.
 */
export async function* auditExportRows(
  db: Database,
  query: Pick<AuditListQuery, 'action' | 'actor' | 'from' | 'to'>,
): AsyncGenerator<CellValue[][]> {
  const filters = await auditFiltersOf(db, query);
  for await (const batch of streamAuditRows(db, filters, AUDIT_EXPORT_BATCH_SIZE)) {
    yield batch.map((row) => {
      const entry = presentAuditEntry(row);
      const details = Object.keys(entry.details).length > 0 ? entry.details : null;
      return [
        entry.createdAt,
        entry.action,
        entry.actor?.name ?? '',
        entry.actor?.email ?? '',
        entry.target?.type ?? '',
        entry.target?.label ?? '',
        entry.target?.id ?? '',
        entry.ip ?? '',
        json(entry.before),
        json(entry.after),
        json(details),
      ];
    });
  }
}

/**
 * The audit log's export is itself audited (audit.exported): it carries admins' names, e-mails and IP
 * addresses. Recorded with the filters, the file name and how the download ended (row count and SHA-256).
 */
export async function recordAuditExport(
  db: Database,
  actor: Actor,
  download: { filename: string; filters: Record<string, string> } & DownloadOutcome,
) {
  await audit(db, actor, { action: 'audit.exported', details: download });
}
