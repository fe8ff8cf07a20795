import { eq, sql } from 'drizzle-orm';
import { settings } from '../../db/schema';
import type { Database } from '../../lib/db';

export async function findSetting(db: Database, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return rows[0]?.value;
}

export async function saveSetting(db: Database, key: string, value: unknown, updatedBy: string | null) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: new Date() } });
}

/**
 * Inside a transaction: waits for any other change of the same setting to commit, then holds the
 * setting until this transaction ends (an advisory lock, so it works before the row exists).
 */
export async function lockSettingForChange(tx: Database, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ovation-setting:${key}`}))`);
}
