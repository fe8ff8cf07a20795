import type { VotingStatus } from '@ovation/shared';
import { describe, expect, it } from 'vitest';
import { RECHECK_MIN_MS, RECHECK_SPREAD_MS, recheckDelay } from './use-voting-period';
import { nextPhaseChange, resolveVotingPeriod } from './voting-period';

const START = Date.parse('2026-05-01T20:00:00Z');
const END = Date.parse('2026-05-10T20:00:00Z');

/** The status as the server answered it at `answeredAt`. */
function status(answeredAt: number, overrides: Partial<VotingStatus> = {}): VotingStatus {
  const period = { startDate: new Date(START).toISOString(), endDate: new Date(END).toISOString() };
  const open = answeredAt >= START && answeredAt <= END;
  return {
    isAllowed: open,
    reasonCode: open ? 'active' : answeredAt < START ? 'notStarted' : 'ended',
    // The sentence clients written against it read: deliberately not the code's, so a test fails if
    // anything decides on it.
    reason: 'a sentence nothing reads',
    ...period,
    period,
    serverTime: new Date(answeredAt).toISOString(),
    ...overrides,
  };
}

describe('resolveVotingPeriod', () => {
  it('opens at the start second from an answer given before it, without asking again', () => {
    const answer = status(START - 60_000);
    expect(resolveVotingPeriod(answer, new Date(START - 1)).phase).toBe('notStarted');
    expect(resolveVotingPeriod(answer, new Date(START)).phase).toBe('active');
  });

  it('closes after the last millisecond of the window, as the server does', () => {
    const answer = status(START + 1000);
    expect(resolveVotingPeriod(answer, new Date(END)).phase).toBe('active');
    expect(resolveVotingPeriod(answer, new Date(END + 1)).phase).toBe('ended');
  });

  it('keeps a vote the admin disabled closed, whatever the dates say', () => {
    const answer = status(START + 1000, { isAllowed: false, reasonCode: 'disabled' });
    expect(resolveVotingPeriod(answer, new Date(START + 5000)).phase).toBe('closed');
    expect(resolveVotingPeriod(answer, new Date(END + 5000)).phase).toBe('ended');
  });

  it('reads a vote disabled before its start as closed, with no opening to count down to', () => {
    const answer = status(START - 60_000, { isAllowed: false, reasonCode: 'disabled' });
    const period = resolveVotingPeriod(answer, new Date(START - 60_000));
    expect(period).toMatchObject({ phase: 'closed', opensLater: false });
    // Past the start it stays closed: the dates never reopen what an admin switched off.
    expect(resolveVotingPeriod(answer, new Date(START + 1)).phase).toBe('closed');
  });

  it('leaves an unset side of the window open', () => {
    const period = { startDate: null, endDate: null };
    const answer = status(START, { ...period, period, isAllowed: true, reasonCode: 'active' });
    expect(resolveVotingPeriod(answer, new Date('2030-01-01T00:00:00Z')).phase).toBe('active');
  });

  it('says whether the start is still ahead', () => {
    const answer = status(START - 60_000);
    expect(resolveVotingPeriod(answer, new Date(START - 1)).opensLater).toBe(true);
    expect(resolveVotingPeriod(answer, new Date(START)).opensLater).toBe(false);
  });
});

describe('nextPhaseChange', () => {
  it('is the start while it is ahead, then the millisecond after the end, then nothing', () => {
    const answer = status(START - 60_000);
    expect(nextPhaseChange(answer, START - 60_000)).toBe(START);
    expect(nextPhaseChange(answer, START)).toBe(END + 1);
    expect(nextPhaseChange(answer, END)).toBe(END + 1);
    expect(nextPhaseChange(answer, END + 1)).toBeNull();
  });

  it('is nothing while the admin has the vote disabled', () => {
    const answer = status(START - 60_000, { reasonCode: 'disabled' });
    expect(nextPhaseChange(answer, START - 60_000)).toBeNull();
  });
});

describe('recheckDelay', () => {
  it('spreads the one recheck after a change over 2 to 30 seconds', () => {
    expect(recheckDelay(() => 0)).toBe(RECHECK_MIN_MS);
    expect(recheckDelay(() => 0.999_999)).toBe(RECHECK_MIN_MS + RECHECK_SPREAD_MS - 1);
    expect(recheckDelay(() => 0.5)).toBeGreaterThan(RECHECK_MIN_MS);
  });
});
