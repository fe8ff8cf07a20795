import type { VotingPhase } from './voting-period';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** 60 s: the spec's re-check interval for eligibility and the category page's voted state. */
export const ELIGIBILITY_RECHECK_MS = 60_000;
/** 4 h: the category page forgets a voted state after this long (the public spec, UI re-eligibility). */
export const CATEGORY_VOTED_RESET_MS = 4 * HOUR_MS;
/** 24 h: one vote per category per 24 hours, the window a fresh vote's cooldown lasts. */
export const VOTE_WINDOW_MS = 24 * HOUR_MS;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Splits a span into whole days, hours, minutes and seconds; never negative. */
export function splitCountdown(ms: number): Countdown {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** 'Xh Ym' parts of a remaining time, minutes rounded up so "0h 0m" never shows while time is left. */
export function remainingHoursMinutes(ms: number): { hours: number; minutes: number } {
  const minutesLeft = Math.max(0, Math.ceil(ms / MINUTE_MS));
  return { hours: Math.floor(minutesLeft / 60), minutes: minutesLeft % 60 };
}

/** What the server says about one song (GET /votes/check-song) or one category (GET /votes/check). */
export interface Eligibility {
  canVote: boolean;
  /** This user's vote for THIS song is still counting. */
  votedThisSong: boolean;
  /** When the user may vote again (for this song, or in the category); null when unknown or never. */
  nextVoteAt: Date | null;
  /** When the server answered (device clock, ms). */
  checkedAt?: number;
}

export type VoteButtonState =
  | { kind: 'voting' }
  | { kind: 'voted'; remainingMs: number | null }
  | { kind: 'cooldown'; hours: number }
  | { kind: 'closed'; phase: Exclude<VotingPhase, 'active'> }
  | { kind: 'used' }
  | { kind: 'checking' }
  | { kind: 'votable' };

/**
 * The vote button's state (the public spec), in order: a vote in flight, voting closed for everyone,
 * this song already voted (with the time left), another song's cooldown in hours, a quota used with no
 * renewal, else votable. While the answer is on its way the button says it is checking, so a fan who voted
 * never sees 'Vote' turn into 'Voted'. Without an eligibility answer (guest, or the check failed) the user may try:
 * the server decides. An answer given before the vote opened (`openedAt`, device clock) said no because
 * voting was closed: it is not trusted once voting is open, so the button is votable at the opening
 * second, and a fresh answer follows a few seconds later.
 */
export function resolveVoteButtonState(input: {
  pending: boolean;
  phase: VotingPhase;
  eligibility: Eligibility | undefined;
  now: number;
  openedAt?: number;
  /** The voting status or this fan's check is still on its way: neither 'Vote' nor 'Voted' is known yet. */
  checking?: boolean;
}): VoteButtonState {
  const { pending, phase, now, openedAt } = input;
  if (pending) return { kind: 'voting' };
  if (input.checking) return { kind: 'checking' };
  if (phase !== 'active') return { kind: 'closed', phase };
  const answeredBeforeOpening =
    openedAt !== undefined &&
    input.eligibility?.checkedAt !== undefined &&
    input.eligibility.checkedAt < openedAt;
  const eligibility = answeredBeforeOpening ? undefined : input.eligibility;
  if (!eligibility || eligibility.canVote) return { kind: 'votable' };
  const remainingMs = eligibility.nextVoteAt ? eligibility.nextVoteAt.getTime() - now : null;
  if (remainingMs !== null && remainingMs <= 0) return { kind: 'votable' };
  if (eligibility.votedThisSong) return { kind: 'voted', remainingMs };
  if (remainingMs !== null) return { kind: 'cooldown', hours: Math.max(1, Math.ceil(remainingMs / HOUR_MS)) };
  return { kind: 'used' };
}
