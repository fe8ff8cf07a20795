import { eq } from 'drizzle-orm';
import { votingSettings } from '../../db/schema';
import type { Database } from '../../lib/db';
import { type Memo, settingsChanged, settingsMemo } from '../../lib/memo';

export type VotingSettingsRow = typeof votingSettings.$inferSelect;
/** The window is read on every vote: keep it 1 s per process. */
const VOTING_SETTINGS_TTL_MS = 1000;
const memos = new WeakMap<Database, Memo<VotingSettingsRow | undefined>>();

export function findVotingSettings(db: Database) {
  let memo = memos.get(db);
  if (!memo) {
    memo = settingsMemo(db, VOTING_SETTINGS_TTL_MS, () => readVotingSettings(db));
    memos.set(db, memo);
  }
  return memo.get();
}

/** The stored row, read now (not from the memo). */
export async function readVotingSettings(db: Database) {
  const rows = await db.select().from(votingSettings).where(eq(votingSettings.id, 1)).limit(1);
  return rows[0];
}

export type VotingWindow = Pick<VotingSettingsRow, 'isEnabled' | 'startDate' | 'endDate'> &
  Partial<Pick<VotingSettingsRow, 'timezone' | 'notes' | 'updatedBy'>>;

/** Stores the voting window; the caller drops the memos (`settingsChanged`) once it is committed. */
export async function storeVotingWindow(db: Database, window: VotingWindow, at: Date) {
  await db
    .insert(votingSettings)
    .values({ id: 1, ...window, updatedAt: at })
    .onConflictDoUpdate({ target: votingSettings.id, set: { ...window, updatedAt: at } });
}

/** Stores the voting window without an audit entry: seeds and tests. */
export async function saveVotingWindow(db: Database, window: VotingWindow) {
  await storeVotingWindow(db, window, new Date());
  settingsChanged(db);
}
