import { readStorage, writeStorage } from '../../lib/local-storage';

/** localStorage keys of the voting screens (the public spec), next to the shell's STORAGE_KEYS. */
export const VOTING_STORAGE_KEYS = {
  countdownModalLastSeen: 'countdownModalLastSeen',
  hasSeenVotingTutorial: 'hasSeenVotingTutorial',
} as const;

/** 1 hour: the countdown comes back at most once an hour after being seen or dismissed. */
export const COUNTDOWN_REMIND_MS = 60 * 60 * 1000;

export function countdownSeenRecently(now = Date.now()): boolean {
  const seen = Number(readStorage(VOTING_STORAGE_KEYS.countdownModalLastSeen));
  return Number.isFinite(seen) && seen > 0 && now - seen < COUNTDOWN_REMIND_MS;
}

export function markCountdownSeen(now = Date.now()): void {
  writeStorage(VOTING_STORAGE_KEYS.countdownModalLastSeen, String(now));
}
