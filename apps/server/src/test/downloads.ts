import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog } from '../db/schema';
import type { Database } from '../lib/db';

/**
 * The newest audit entry of an export that has finished (completed or aborted). sendAudited writes it
 * once the last byte has been handed to the socket, so a client can hold the whole file a moment
 * before the entry lands: wait for it rather than read too early.
 */
export async function finishedDownloadAudit(db: Database, action: string, actorId?: string) {
  const latest = async () => {
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), actorId ? eq(auditLog.actorId, actorId) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return entry;
  };
  await expect
    .poll(async () => {
      const stage = ((await latest())?.details as { stage?: string } | undefined)?.stage;
      return stage === 'completed' || stage === 'aborted';
    })
    .toBe(true);
  return (await latest())!;
}
