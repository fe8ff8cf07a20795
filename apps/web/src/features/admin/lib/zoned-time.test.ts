import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zoned-time';

describe('zoned wall-clock time for the voting window', () => {
  it('reads a datetime-local value in the chosen timezone', () => {
    expect(fromZonedInput('2026-12-01T20:00', 'Africa/Lagos')).toBe('2026-12-01T19:00:00.000Z');
    expect(fromZonedInput('2026-12-01T20:00', 'UTC')).toBe('2026-12-01T20:00:00.000Z');
    expect(fromZonedInput('2026-12-01T20:00', 'America/New_York')).toBe('2026-12-02T01:00:00.000Z');
    // Summer time: London is UTC+1 in July, New York UTC-4.
    expect(fromZonedInput('2026-07-01T09:30', 'Europe/London')).toBe('2026-07-01T08:30:00.000Z');
    expect(fromZonedInput('2026-07-01T09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
  });

  it('shows an instant as wall-clock time in the chosen timezone, and back', () => {
    expect(toZonedInput('2026-12-01T19:00:00.000Z', 'Africa/Lagos')).toBe('2026-12-01T20:00');
    expect(toZonedInput('2026-12-01T19:00:00.000Z', 'Africa/Johannesburg')).toBe('2026-12-01T21:00');
    for (const zone of ['UTC', 'Africa/Cairo', 'Europe/London', 'America/New_York']) {
      for (const iso of [
        '2026-03-29T00:30:00.000Z',
        '2026-11-01T05:45:00.000Z',
        '2027-01-15T12:00:00.000Z',
      ]) {
        expect(fromZonedInput(toZonedInput(iso, zone), zone)).toBe(iso);
      }
    }
  });

  it('answers nothing for an empty or malformed value', () => {
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('tomorrow', 'UTC')).toBeNull();
    expect(toZonedInput(null, 'UTC')).toBe('');
    expect(toZonedInput('not a date', 'UTC')).toBe('');
  });
});
