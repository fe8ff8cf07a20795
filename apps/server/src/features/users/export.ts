import type { Role, UserExportQuery } from '@ovation/shared';
import type { Database } from '../../lib/db';
import type { CellValue, XlsxColumn } from '../../lib/downloads';
import { type Actor, audit } from '../audit/service';
import { type AdminUserRow, streamUsers, type UserFilters } from './admin-repository';

/**
 * 2,000 users a batch: one query per batch stays a few milliseconds, and a batch (about 1 MB of rows)
 * is all the export ever holds, whatever the number of users.
 */
export const USER_EXPORT_BATCH_SIZE = 2_000;

/** The export's columns: every field the list shows, plus the registration date and last sign-in. */
export const USER_EXPORT_COLUMNS: XlsxColumn[] = [
  { header: 'Name', width: 28 },
  { header: 'Email', width: 34 },
  { header: 'Role', width: 12 },
  { header: 'Country', width: 20 },
  { header: 'State', width: 20 },
  { header: 'Status', width: 10 },
  { header: 'Email verified', width: 14 },
  { header: 'Bio', width: 50 },
  { header: 'Registered', width: 26 },
  { header: 'Last login', width: 26 },
];

/** The role as the screen's badge names it. */
const ROLE_LABELS: Record<Role, string> = { fan: 'Music Fan', artist: 'Artist', admin: 'Admin' };

/** One user as a row of the export, in USER_EXPORT_COLUMNS' order (dates as ISO 8601 in UTC). */
export function toExportRow(row: AdminUserRow): CellValue[] {
  return [
    row.name,
    row.email,
    ROLE_LABELS[row.role],
    row.country ?? '',
    row.state ?? '',
    row.isActive ? 'Active' : 'Inactive',
    row.emailVerified ? 'Yes' : 'No',
    row.bio,
    row.createdAt,
    row.lastLogin,
  ];
}

/** The export's filters: the list's, without paging. */
export function exportFilters(query: UserExportQuery): UserFilters {
  return { role: query.role, country: query.country, state: query.state, search: query.search };
}

/** Every matching user as export rows, batch by batch, straight from the database. */
export async function* userExportRows(db: Database, filters: UserFilters): AsyncGenerator<CellValue[][]> {
  for await (const batch of streamUsers(db, filters, USER_EXPORT_BATCH_SIZE)) {
    yield batch.map(toExportRow);
  }
}

/**
 * The export of users' personal data, audited (users.exported) with the filters and format, once as it
 * starts and again with how it ended (the row count and SHA-256, or what was sent before a cancel).
 */
export async function recordUsersExport(db: Database, actor: Actor, details: Record<string, unknown>) {
  await audit(db, actor, { action: 'users.exported', targetType: 'user', details });
}
