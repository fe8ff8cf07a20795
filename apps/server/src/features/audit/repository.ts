import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { auditLog, users } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';
import { escapeLike } from '../../lib/text';

/** What the audit list is narrowed to; every condition is optional and they all apply together. */
export interface AuditFilters {
  /** The actions shown (one chosen action, or every admin action). */
  actions: readonly string[];
  actorId?: string;
  /** Part of the actor's name or e-mail, any case. */
  actorText?: string;
  since?: Date;
  before?: Date;
}

/** An audit row with its actor's account (null once that account is deleted). */
export interface AuditRow {
  id: number;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  details: unknown;
  createdAt: Date;
  actor: { id: string; name: string; email: string } | null;
}

const columns = {
  id: auditLog.id,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  ip: auditLog.ip,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  actorId: users.id,
  actorName: users.name,
  actorEmail: users.email,
};

/** A selected row: the actor's columns are null when the left join found no account. */
type Selected = Omit<AuditRow, 'actor'> & {
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
};

function rowOf(row: Selected): AuditRow {
  const { actorId, actorName, actorEmail, ...entry } = row;
  return {
    ...entry,
    actor: actorId ? { id: actorId, name: actorName ?? '', email: actorEmail ?? '' } : null,
  };
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [inArray(auditLog.action, [...filters.actions])];
  if (filters.actorId) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.actorText) {
    const pattern = `%${escapeLike(filters.actorText)}%`;
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  }
  if (filters.since) conditions.push(gte(auditLog.createdAt, filters.since));
  if (filters.before) conditions.push(lt(auditLog.createdAt, filters.before));
  return and(...conditions);
}

/** One page of audit entries, newest first (or oldest first), and how many match in all. */
export async function findAuditPage(
  db: Database,
  filters: AuditFilters,
  page: { page: number; limit: number; order: 'asc' | 'desc' },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = whereOf(filters);
  // The id breaks ties between entries of one instant (a bulk action writes many in one statement).
  const order =
    page.order === 'asc' ? [auditLog.createdAt, auditLog.id] : [desc(auditLog.createdAt), desc(auditLog.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return { rows: rows.map(rowOf), total: Number(counted?.total ?? 0) };
}

/**
 * Every entry matching the filters, newest first, `batchSize` at a time (the audit export): each batch
 * continues after the last one's (created at, id), so the whole log is never held in memory and an
 * entry written while the export runs (its own) does not shift the batches.
 */
export async function* streamAuditRows(
  db: Database,
  filters: AuditFilters,
  batchSize: number,
): AsyncGenerator<AuditRow[]> {
  // The cursor keeps created_at as PostgreSQL's text, microseconds included (a Date would round them).
  let last: { at: string; id: number } | undefined;
  for (;;) {
    const after = last
      ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${last.at}::timestamptz, ${last.id})`
      : undefined;
    const rows = await db
      .select({ ...columns, at: sql<string>`${auditLog.createdAt}::text` })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(whereOf(filters), after))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map(({ at: _, ...row }) => rowOf(row));
    const end = rows[rows.length - 1]!;
    last = { at: end.at, id: end.id };
    if (rows.length < batchSize) return;
  }
}

/** The batch id that ties one bulk action's entries together (a bulk upload writes one entry per song). */
const batchIdOf = sql<string | null>`${auditLog.details} ->> 'batchId'`;

/**
 * The newest entries among `actions`, one bulk action's entries standing as one: each batch is
 * represented by its newest entry with the number of entries it holds, so a 5,000-song upload is one
 * line and the lines before it stay in view. Answers at most `limit` lines, newest first.
 */
export async function findNewestAuditLines(
  db: Database,
  actions: readonly string[],
  limit: number,
): Promise<Array<AuditRow & { count: number }>> {
  const chosen = inArray(auditLog.action, [...actions]);
  const [singles, batches] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(chosen, isNull(batchIdOf)))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit),
    db
      .select({ lastId: sql<number>`max(${auditLog.id})`, count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(chosen, isNotNull(batchIdOf)))
      .groupBy(batchIdOf)
      .orderBy(desc(sql`max(${auditLog.createdAt})`))
      .limit(limit),
  ]);
  const counts = new Map(batches.map((batch) => [Number(batch.lastId), Number(batch.count)]));
  const newestOfBatches =
    counts.size === 0
      ? []
      : await db
          .select(columns)
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(inArray(auditLog.id, [...counts.keys()]));
  return [
    ...singles.map((row) => ({ ...rowOf(row), count: 1 })),
    ...newestOfBatches.map((row) => ({ ...rowOf(row), count: counts.get(row.id) ?? 1 })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, limit);
}

/** Inserts audit entries in one statement, inside the caller's transaction when it passes one. */
export async function insertAuditEntries(db: Database, entries: Array<typeof auditLog.$inferInsert>) {
  await db.insert(auditLog).values(entries);
}
