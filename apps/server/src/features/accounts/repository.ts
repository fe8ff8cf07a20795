import { and, eq, lt, lte, sql } from 'drizzle-orm';
import {
  accountDeletionCodes,
  codeRequests,
  emailVerifications,
  mailsSent,
  passwordResets,
  users,
} from '../../db/schema';
import { affectedRows, type Database } from '../../lib/db';

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

/** The tables of mailed codes that confirm something for a signed-up user: one pending code per user. */
type PendingCodes = typeof emailVerifications | typeof accountDeletionCodes;

export async function savePendingCode(
  db: Database,
  table: PendingCodes,
  values: typeof emailVerifications.$inferInsert,
) {
  await db
    .insert(table)
    .values(values)
    .onConflictDoUpdate({
      target: table.userId,
      set: {
        codeHash: values.codeHash,
        expiresAt: values.expiresAt,
        sentAt: values.sentAt,
        failedAttempts: 0,
      },
    });
}

export function saveVerification(db: Database, values: typeof emailVerifications.$inferInsert) {
  return savePendingCode(db, emailVerifications, values);
}

/**
 * Takes one of the code's tries before it is compared, in one statement, so parallel guesses cannot
 * all pass a "fewer than 5 tries" check. Answers nothing when the tries are used up or no code waits.
 */
export async function claimCodeAttempt(
  db: Database,
  table: PendingCodes,
  userId: string,
  maxAttempts: number,
) {
  const [row] = await db
    .update(table)
    .set({ failedAttempts: sql`${table.failedAttempts} + 1` })
    .where(and(eq(table.userId, userId), lt(table.failedAttempts, maxAttempts)))
    .returning();
  return row;
}

export function claimVerificationAttempt(db: Database, userId: string, maxAttempts: number) {
  return claimCodeAttempt(db, emailVerifications, userId, maxAttempts);
}

export function saveAccountDeletionCode(db: Database, values: typeof accountDeletionCodes.$inferInsert) {
  return savePendingCode(db, accountDeletionCodes, values);
}

export function claimAccountDeletionAttempt(db: Database, userId: string, maxAttempts: number) {
  return claimCodeAttempt(db, accountDeletionCodes, userId, maxAttempts);
}

export async function deleteAccountDeletionCode(db: Database, userId: string) {
  await db.delete(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
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

/**
 * Records that a code is being mailed for `purpose` to an address (by its hash), unless one was within
 * `cooldownSeconds`: one statement, so parallel requests cannot both pass. Answers when the last code
 * went out when refused, or null when this request may send. Rows older than an hour are pruned by a
 * scheduled job (pruneCodeRequests): an older row can no longer refuse anything.
 */
export async function claimCodeRequest(
  db: Database,
  values: { purpose: string; addressHash: string; now: Date; cooldownSeconds: number },
): Promise<Date | null> {
  const { purpose, addressHash, now, cooldownSeconds } = values;
  const claimed = await db
    .insert(codeRequests)
    .values({ purpose, addressHash, sentAt: now })
    .onConflictDoUpdate({
      target: [codeRequests.purpose, codeRequests.addressHash],
      set: { sentAt: now },
      setWhere: lte(codeRequests.sentAt, new Date(now.getTime() - cooldownSeconds * 1000)),
    })
    .returning({ sentAt: codeRequests.sentAt });
  if (claimed.length > 0) return null;
  const [last] = await db
    .select({ sentAt: codeRequests.sentAt })
    .from(codeRequests)
    .where(and(eq(codeRequests.purpose, purpose), eq(codeRequests.addressHash, addressHash)));
  return last?.sentAt ?? now;
}

/** Deletes the code requests sent before `before`; answers how many. */
export async function deleteCodeRequestsBefore(db: Database, before: Date): Promise<number> {
  return affectedRows(await db.delete(codeRequests).where(lt(codeRequests.sentAt, before)));
}

export async function savePasswordReset(db: Database, values: typeof passwordResets.$inferInsert) {
  await db
    .insert(passwordResets)
    .values(values)
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: {
        codeHash: values.codeHash,
        tokenHash: values.tokenHash,
        expiresAt: values.expiresAt,
        sentAt: values.sentAt,
        failedAttempts: 0,
      },
    });
}

/** Takes one of the reset's tries before it is compared (see claimVerificationAttempt). */
export async function claimPasswordResetAttempt(db: Database, userId: string, maxAttempts: number) {
  const [row] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(and(eq(passwordResets.userId, userId), lt(passwordResets.failedAttempts, maxAttempts)))
    .returning();
  return row;
}

/** Uses the reset up: answers whether this call removed it, so two parallel uses cannot both pass. */
export async function consumePasswordReset(db: Database, userId: string) {
  const rows = await db
    .delete(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .returning({ userId: passwordResets.userId });
  return rows.length > 0;
}

/** Records a mail sent to an account (kind, address, time): what its data download lists. */
export async function recordMailSent(db: Database, values: typeof mailsSent.$inferInsert) {
  await db.insert(mailsSent).values(values);
}
