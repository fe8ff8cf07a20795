import { count, desc, eq } from 'drizzle-orm';
import { breaches, users } from '../../db/schema';
import type { Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';

const breachColumns = {
  id: breaches.id,
  foundAt: breaches.foundAt,
  summary: breaches.summary,
  affected: breaches.affected,
  notifiedAt: breaches.notifiedAt,
  notification: breaches.notification,
  createdAt: breaches.createdAt,
  recorder: { id: users.id, name: users.name },
};

export type BreachRow = Awaited<ReturnType<typeof findBreach>> & object;

function selectBreaches(db: Database) {
  return db.select(breachColumns).from(breaches).leftJoin(users, eq(users.id, breaches.recordedBy));
}

/** A page of the register, the most recently found first, and how many there are. */
export async function findBreachPage(db: Database, query: { page: number; limit: number }) {
  const [rows, totals] = await Promise.all([
    selectBreaches(db)
      .orderBy(desc(breaches.foundAt), desc(breaches.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(breaches),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findBreach(db: Database, id: string) {
  const [row] = await selectBreaches(db).where(eq(breaches.id, id));
  return row;
}

/** Inside a transaction: the entry, locked until it ends (two admins recording the notice at once queue). */
export async function lockBreach(tx: Database, id: string) {
  const [row] = await tx
    .select({ id: breaches.id, notifiedAt: breaches.notifiedAt })
    .from(breaches)
    .where(eq(breaches.id, id))
    .for('update');
  return row;
}

export async function insertBreach(db: Database, values: typeof breaches.$inferInsert) {
  const [row] = await db.insert(breaches).values(values).returning({ id: breaches.id });
  return row!.id;
}

export async function saveNotification(
  db: Database,
  id: string,
  values: { notifiedAt: Date; notification: string; at: Date },
) {
  await db
    .update(breaches)
    .set({ notifiedAt: values.notifiedAt, notification: values.notification, updatedAt: values.at })
    .where(eq(breaches.id, id));
}
