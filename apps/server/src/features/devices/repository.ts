import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { deviceAccounts, users } from '../../db/schema';
import type { Database } from '../../lib/db';

/**
 * Inside a transaction: waits for any other registration or sign-in on the same device to commit, then
 * holds the device until this transaction ends (an advisory lock, so it works before any row exists).
 */
export async function lockDevice(tx: Database, deviceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ovation-device:${deviceId}`}))`);
}

/**
 * A non-admin account other than `userId` (any, when null) that has used the device, or undefined.
 * Deactivated accounts count: a device stays taken by a banned account until that account is deleted.
 */
export async function findOtherAccountOnDevice(db: Database, deviceId: string, userId: string | null) {
  const conditions = [eq(deviceAccounts.deviceId, deviceId), ne(users.role, 'admin')];
  if (userId) conditions.push(ne(deviceAccounts.userId, userId));
  const [row] = await db
    .select({ userId: deviceAccounts.userId })
    .from(deviceAccounts)
    .innerJoin(users, eq(users.id, deviceAccounts.userId))
    .where(and(...conditions))
    .limit(1);
  return row;
}

/** Records that the account used the device now (first use, or a later one: last_seen_at moves on). */
export async function linkDevice(db: Database, deviceId: string, userId: string, at: Date) {
  await db
    .insert(deviceAccounts)
    .values({ deviceId, userId, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [deviceAccounts.deviceId, deviceAccounts.userId],
      set: { lastSeenAt: at },
    });
}

/**
 * Deletes the links no sign-in has renewed since `before` (device_accounts_last_seen_idx: a range that is
 * almost always empty), answering how many went.
 */
export async function forgetDevicesSeenBefore(db: Database, before: Date) {
  const rows = await db
    .delete(deviceAccounts)
    .where(lt(deviceAccounts.lastSeenAt, before))
    .returning({ deviceId: deviceAccounts.deviceId });
  return rows.length;
}
