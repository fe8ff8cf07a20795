import { and, eq, max } from 'drizzle-orm';
import { consents } from '../../db/schema';
import type { Database } from '../../lib/db';

/** Appends one acceptance per document, at its given version. */
export async function insertConsents(
  db: Database,
  rows: Array<{ userId: string; document: string; version: number; acceptedAt: Date; ip: string | null }>,
) {
  if (rows.length > 0) await db.insert(consents).values(rows);
}

/** The highest version of each document the user has accepted (documents never accepted are absent). */
export async function findAcceptedVersions(db: Database, userId: string) {
  const rows = await db
    .select({
      document: consents.document,
      version: max(consents.version),
      acceptedAt: max(consents.acceptedAt),
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .groupBy(consents.document);
  return rows;
}

/** Every acceptance of the user, oldest first: what their data download shows. */
export function findConsents(db: Database, userId: string) {
  return db
    .select({ document: consents.document, version: consents.version, acceptedAt: consents.acceptedAt })
    .from(consents)
    .where(and(eq(consents.userId, userId)))
    .orderBy(consents.acceptedAt, consents.id);
}
