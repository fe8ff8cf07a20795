import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { secondFactorRecoveryCodes, secondFactors } from '../../db/schema';
import type { Database } from '../../lib/db';

export type SecondFactorRow = typeof secondFactors.$inferSelect;

export async function findSecondFactor(db: Database, userId: string) {
  const rows = await db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
  return rows[0];
}

/** Starts (or restarts) a set-up: a new secret, not confirmed yet; the recovery codes of any earlier one go. */
export async function saveUnconfirmedSecondFactor(db: Database, userId: string, secretEncrypted: string) {
  await db.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
  await db
    .insert(secondFactors)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secretEncrypted, confirmedAt: null, lastUsedStep: null, createdAt: sql`now()` },
    });
}

/**
 * Records the 30-second step of an accepted code, only if no code of that step or a later one was
 * accepted before: answers false for a replayed code (two requests with one code: one wins).
 */
export async function claimTotpStep(db: Database, userId: string, step: number) {
  const rows = await db
    .update(secondFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Confirms the set-up and stores the new recovery codes' HMACs (the old ones are gone). */
export async function confirmSecondFactor(db: Database, userId: string, now: Date, codeHashes: string[]) {
  await db.update(secondFactors).set({ confirmedAt: now }).where(eq(secondFactors.userId, userId));
  await db.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
  await db.insert(secondFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code: answers false when it is unknown or already used (two requests: one wins). */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string, now: Date) {
  const rows = await db
    .update(secondFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(secondFactorRecoveryCodes.userId, userId),
        eq(secondFactorRecoveryCodes.codeHash, codeHash),
        isNull(secondFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: secondFactorRecoveryCodes.userId });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(secondFactorRecoveryCodes)
    .where(and(eq(secondFactorRecoveryCodes.userId, userId), isNull(secondFactorRecoveryCodes.usedAt)));
  return row?.count ?? 0;
}

/** Removes a user's second factor and its recovery codes; answers whether a confirmed one existed. */
export async function deleteSecondFactor(db: Database, userId: string) {
  await db.delete(secondFactorRecoveryCodes).where(eq(secondFactorRecoveryCodes.userId, userId));
  const rows = await db
    .delete(secondFactors)
    .where(eq(secondFactors.userId, userId))
    .returning({ confirmedAt: secondFactors.confirmedAt });
  return rows.some((row) => row.confirmedAt !== null);
}
