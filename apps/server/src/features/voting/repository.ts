import { eq } from 'drizzle-orm';
import { votingSettings } from '../../db/schema';
import type { Database } from '../../lib/db';
import { memoizeFor } from '../../lib/memo';

type VotingSettingsRow = typeof votingSettings.$inferSelect;
/** The window is read on every vote: keep it 1 s per process. */
const VOTING_SETTINGS_TTL_MS = 1000;
const memos = new WeakMap<Database, ReturnType<typeof memoizeFor<VotingSettingsRow | undefined>>>();

export function findVotingSettings(db: Database) {
  let memo = memos.get(db);
  if (!memo) {
    memo = memoizeFor(VOTING_SETTINGS_TTL_MS, () => readVotingSettings(db));
    memos.set(db, memo);
  }
  return memo.get();
}

async function readVotingSettings(db: Database) {
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
  memos.get(db)?.invalidate();
}
