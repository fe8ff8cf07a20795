import { eq } from 'drizzle-orm';
import { votingSettings } from '../../db/schema';
import type { Database } from '../../lib/db';

export async function findVotingSettings(db: Database) {
  const rows = await db.select().from(votingSettings).where(eq(votingSettings.id, 1)).limit(1);
  return rows[0];
}

export async function saveVotingWindow(
  db: Database,
  window: { isEnabled: boolean; startDate: Date | null; endDate: Date | null },
) {
  await db
    .insert(votingSettings)
    .values({ id: 1, ...window })
    .onConflictDoUpdate({ target: votingSettings.id, set: { ...window, updatedAt: new Date() } });
}
