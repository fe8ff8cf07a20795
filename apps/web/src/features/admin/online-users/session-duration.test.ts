import { describe, expect, it } from 'vitest';
import { sessionDuration } from './session-duration';

const LOGIN = '2026-03-01T10:00:00.000Z';
const at = (iso: string) => Date.parse(iso);

describe('sessionDuration', () => {
  it('gives whole hours and minutes since the sign-in', () => {
    expect(sessionDuration(LOGIN, at('2026-03-01T12:05:59.000Z'))).toEqual({ hours: 2, minutes: 5 });
    expect(sessionDuration(LOGIN, at('2026-03-01T10:42:10.000Z'))).toEqual({ hours: 0, minutes: 42 });
    expect(sessionDuration(LOGIN, at('2026-03-03T11:00:00.000Z'))).toEqual({ hours: 49, minutes: 0 });
  });

  it('reads 0m under a minute and for a clock slightly behind the server', () => {
    expect(sessionDuration(LOGIN, at('2026-03-01T10:00:30.000Z'))).toEqual({ hours: 0, minutes: 0 });
    expect(sessionDuration(LOGIN, at('2026-03-01T09:59:00.000Z'))).toEqual({ hours: 0, minutes: 0 });
  });

  it('gives null for a time it cannot read', () => {
    expect(sessionDuration('not a date', Date.now())).toBeNull();
  });
});
