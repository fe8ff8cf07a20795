import { and, eq } from 'drizzle-orm';
import { socialAccounts } from '../../db/schema';
import type { Database } from '../../lib/db';

export async function findSocialAccount(db: Database, provider: string, providerUserId: string) {
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)))
    .limit(1);
  return rows[0];
}

/** Records a link; a link made meanwhile by a concurrent sign-in of the same identity is kept as is. */
export async function insertSocialAccount(db: Database, values: typeof socialAccounts.$inferInsert) {
  await db.insert(socialAccounts).values(values).onConflictDoNothing();
}
