import { and, eq, lt, sql } from 'drizzle-orm';
import { emailVerifications, users } from '../../db/schema';
import type { Database } from '../../lib/db';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Database, id: string) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Inserts a user; answers undefined when the e-mail is already taken (unique on lower(email)). */
export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const rows = await db.insert(users).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function updateUser(db: Database, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function findVerification(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .limit(1);
  return rows[0];
}

export async function saveVerification(db: Database, values: typeof emailVerifications.$inferInsert) {
  await db
    .insert(emailVerifications)
    .values(values)
    .onConflictDoUpdate({
      target: emailVerifications.userId,
      set: {
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        sentAt: values.sentAt,
        failedAttempts: 0,
      },
    });
}

/**
 * Takes one of the code's tries before it is compared, in one statement, so parallel guesses cannot
 * all pass a "fewer than 5 tries" check. Answers nothing when the tries are used up or no code waits.
 */
export async function claimVerificationAttempt(db: Database, userId: string, maxAttempts: number) {
  const [row] = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(and(eq(emailVerifications.userId, userId), lt(emailVerifications.failedAttempts, maxAttempts)))
    .returning();
  return row;
}

/** Counts one wrong code atomically and answers the new count. */
export async function countFailedVerification(db: Database, userId: string) {
  const [row] = await db
    .update(emailVerifications)
    .set({ failedAttempts: sql`${emailVerifications.failedAttempts} + 1` })
    .where(eq(emailVerifications.userId, userId))
    .returning({ failedAttempts: emailVerifications.failedAttempts });
  return row?.failedAttempts ?? 0;
}

export async function deleteVerification(db: Database, userId: string) {
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}
