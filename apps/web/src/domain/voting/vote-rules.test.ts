import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeVoteFailure, describeVoteSuccess } from './vote-messages';
import { remainingHoursMinutes, resolveVoteButtonState, splitCountdown } from './vote-rules';

const NOW = Date.parse('2025-10-01T12:00:00Z');
const HOUR = 3_600_000;

describe('splitCountdown', () => {
  it('splits a span into days, hours, minutes and seconds', () => {
    expect(splitCountdown(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
  it('never goes below zero', () => {
    expect(splitCountdown(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('remainingHoursMinutes', () => {
  it('rounds minutes up so time left never reads as 0h 0m', () => {
    expect(remainingHoursMinutes(23 * HOUR + 59 * 60_000 + 1)).toEqual({ hours: 24, minutes: 0 });
    expect(remainingHoursMinutes(90 * 60_000)).toEqual({ hours: 1, minutes: 30 });
    expect(remainingHoursMinutes(1)).toEqual({ hours: 0, minutes: 1 });
  });
});

describe('resolveVoteButtonState', () => {
  const active = { pending: false, phase: 'active' as const, now: NOW };
  it('shows the vote in flight first', () => {
    expect(resolveVoteButtonState({ ...active, pending: true, eligibility: undefined })).toEqual({
      kind: 'voting',
    });
  });
  it('is closed outside the voting period', () => {
    expect(resolveVoteButtonState({ ...active, phase: 'ended', eligibility: undefined })).toEqual({
      kind: 'closed',
      phase: 'ended',
    });
  });
  it('neither offers the vote nor says Voted while a fan’s check is on its way', () => {
    expect(resolveVoteButtonState({ ...active, checking: true, eligibility: undefined })).toEqual({
      kind: 'checking',
    });
    expect(
      resolveVoteButtonState({ ...active, pending: true, checking: true, eligibility: undefined }).kind,
    ).toBe('voting');
  });
  it('lets the user try when eligibility is unknown (guest, or the check failed)', () => {
    expect(resolveVoteButtonState({ ...active, eligibility: undefined }).kind).toBe('votable');
  });
  it('shows the voted song with its time left', () => {
    const state = resolveVoteButtonState({
      ...active,
      eligibility: { canVote: false, votedThisSong: true, nextVoteAt: new Date(NOW + 2 * HOUR) },
    });
    expect(state).toEqual({ kind: 'voted', remainingMs: 2 * HOUR });
  });
  it('shows other songs of a used category as a cooldown in whole hours', () => {
    const state = resolveVoteButtonState({
      ...active,
      eligibility: { canVote: false, votedThisSong: false, nextVoteAt: new Date(NOW + 5.2 * HOUR) },
    });
    expect(state).toEqual({ kind: 'cooldown', hours: 6 });
  });
  it('becomes votable again once the countdown reaches zero', () => {
    const state = resolveVoteButtonState({
      ...active,
      eligibility: { canVote: false, votedThisSong: true, nextVoteAt: new Date(NOW - 1) },
    });
    expect(state.kind).toBe('votable');
  });
  it('does not trust a refusal given before voting opened: votable at the opening second', () => {
    const openedAt = NOW - 1000;
    const before = { canVote: false, votedThisSong: false, nextVoteAt: null, checkedAt: openedAt - 30_000 };
    expect(resolveVoteButtonState({ ...active, eligibility: before, openedAt }).kind).toBe('votable');
    const after = { ...before, checkedAt: openedAt + 500 };
    expect(resolveVoteButtonState({ ...active, eligibility: after, openedAt }).kind).toBe('used');
  });
  it('reports a quota with no renewal as used', () => {
    expect(
      resolveVoteButtonState({
        ...active,
        eligibility: { canVote: false, votedThisSong: false, nextVoteAt: null },
      }),
    ).toEqual({ kind: 'used' });
  });
});

describe('describeVoteFailure', () => {
  const failure = (status: number, code: string, message: string) =>
    describeVoteFailure(new ApiError(status, code, message));
  const keyOf = (message: ReturnType<typeof describeVoteFailure>) => ('key' in message ? message.key : null);

  it('translates the server code', () => {
    expect(failure(409, 'ALREADY_VOTED_IN_CATEGORY_TODAY', 'x')).toEqual({
      namespace: 'translation',
      key: 'errors.ALREADY_VOTED_IN_CATEGORY_TODAY',
    });
  });
  it("shows the server's own words for a code this client does not know yet", () => {
    expect(failure(409, 'SOMETHING_NEW', 'Déjà voté')).toEqual({ text: 'Déjà voté' });
  });
  it('never decides on the words of a message: a sentence without a code falls back on the status', () => {
    expect(keyOf(failure(409, 'HTTP_ERROR', 'You have already voted in this category today!'))).toBe(
      'failure.default',
    );
    expect(keyOf(failure(409, 'HTTP_ERROR', 'User already voted today'))).toBe('failure.default');
    expect(keyOf(failure(403, 'HTTP_ERROR', 'User not authorized'))).toBe('errors.ONLY_FANS_CAN_VOTE');
  });
  it('falls back on the status, then on the generic failure', () => {
    expect(keyOf(failure(401, 'HTTP_ERROR', ''))).toBe('errors.LOGIN_TO_VOTE');
    expect(keyOf(failure(400, 'VALIDATION_ERROR', ''))).toBe('failure.invalidRequest');
    expect(keyOf(failure(400, 'VALIDATION_ERROR', 'Invalid request. Please check your input.'))).toBe(
      'failure.invalidRequest',
    );
    expect(keyOf(failure(429, 'HTTP_ERROR', ''))).toBe('errors.TOO_MANY_REQUESTS');
    expect(keyOf(failure(502, 'HTTP_ERROR', ''))).toBe('errors.INTERNAL_ERROR');
    expect(keyOf(failure(0, 'NETWORK_ERROR', ''))).toBe('errors.INTERNAL_ERROR');
    expect(keyOf(describeVoteFailure(new TypeError('Failed to fetch')))).toBe('errors.INTERNAL_ERROR');
    expect(keyOf(failure(418, 'HTTP_ERROR', ''))).toBe('failure.default');
  });
});

describe('describeVoteSuccess', () => {
  it('names the votes left, the limit reached, or says it plainly', () => {
    expect(describeVoteSuccess({ remainingVotes: 2, category: 'Best Newcomer', quotaWindow: 'day' })).toEqual(
      {
        key: 'success.voteRemainingToday',
        count: 2,
        category: 'Best Newcomer',
      },
    );
    expect(describeVoteSuccess({ remainingVotes: 0, category: 'Best Newcomer', quotaWindow: 'day' })).toEqual(
      {
        key: 'success.voteDailyLimitReached',
        category: 'Best Newcomer',
      },
    );
    expect(describeVoteSuccess(undefined)).toEqual({ key: 'default' });
  });

  it('words a quota counted over the whole voting period without "today"', () => {
    const period = { category: 'Best Newcomer', quotaWindow: 'votingPeriod' } as const;
    expect(describeVoteSuccess({ ...period, remainingVotes: 1 })).toEqual({
      key: 'success.voteRemaining',
      count: 1,
      category: 'Best Newcomer',
    });
    expect(describeVoteSuccess({ ...period, remainingVotes: 0 })).toEqual({
      key: 'success.voteAllUsed',
      category: 'Best Newcomer',
    });
  });
});
