import { describe, expect, it } from 'vitest';
import { calendarDateAt, instantOfWallTime, offsetAt, wallClockAt, wallTimeAsUtc } from './zoned-time';

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

describe('wall-clock time in a timezone', () => {
  it('reads what a clock in the zone shows', () => {
    expect(wallClockAt(at('2025-11-06T23:30:15Z'), 'Africa/Lagos')).toEqual({
      year: 2025,
      month: 11,
      day: 7,
      hour: 0,
      minute: 30,
      second: 15,
    });
    // Midnight is hour 0, never 24.
    expect(wallClockAt(at('2025-11-07T00:00:00Z'), 'UTC').hour).toBe(0);
    expect(wallClockAt(at('2026-07-01T08:30:00Z'), 'America/New_York')).toMatchObject({ day: 1, hour: 4 });
  });

  it('keeps years 0-99 as they are, unlike Date.UTC', () => {
    expect(new Date(wallTimeAsUtc(50, 1, 1)).getUTCFullYear()).toBe(50);
    expect(iso(wallTimeAsUtc(2025, 12, 32, 12))).toBe('2026-01-01T12:00:00.000Z');
  });

  it('measures the zone’s offset from UTC, daylight saving time included', () => {
    const hour = 60 * 60 * 1000;
    expect(offsetAt(at('2026-12-01T12:00:00Z'), 'Africa/Lagos')).toBe(hour);
    expect(offsetAt(at('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * hour);
    expect(offsetAt(at('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * hour);
    // Milliseconds and instants before 1970 do not shift the result.
    expect(offsetAt(at('2026-07-15T12:00:00.999Z'), 'Europe/London')).toBe(hour);
    expect(offsetAt(at('1969-07-15T12:00:00.250Z'), 'UTC')).toBe(0);
  });

  it('finds the instant a wall-clock time names, across daylight saving changes', () => {
    expect(iso(instantOfWallTime({ year: 2026, month: 12, day: 1, hour: 20 }, 'Africa/Lagos'))).toBe(
      '2026-12-01T19:00:00.000Z',
    );
    expect(
      iso(instantOfWallTime({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 }, 'Europe/London')),
    ).toBe('2026-07-01T08:30:00.000Z');
    // New York, the day clocks went back (2 November 2025): midnight was still EDT (UTC-4).
    expect(iso(instantOfWallTime({ year: 2025, month: 11, day: 2 }, 'America/New_York'))).toBe(
      '2025-11-02T04:00:00.000Z',
    );
    // Cairo springs forward at midnight (25 April 2025): 00:00 does not exist, the day starts at 01:00 EEST.
    expect(iso(instantOfWallTime({ year: 2025, month: 4, day: 25 }, 'Africa/Cairo'))).toBe(
      '2025-04-24T22:00:00.000Z',
    );
  });

  it('goes from an instant to the wall clock and back', () => {
    for (const zone of ['UTC', 'Africa/Cairo', 'Europe/London', 'America/New_York', 'Asia/Kolkata']) {
      for (const when of [
        '2026-03-29T00:30:00.000Z',
        '2026-11-01T05:45:00.000Z',
        '2027-01-15T12:00:00.000Z',
      ]) {
        expect(iso(instantOfWallTime(wallClockAt(at(when), zone), zone))).toBe(when);
      }
    }
  });

  it('reads the calendar date a clock in the zone shows', () => {
    // 23:30 UTC on 19 November is already the 20th in Lagos (UTC+1), still the 19th in New York.
    const instant = Date.parse('2026-11-19T23:30:00Z');
    expect(calendarDateAt(instant, 'Africa/Lagos')).toBe('2026-11-20');
    expect(calendarDateAt(instant, 'America/New_York')).toBe('2026-11-19');
    expect(calendarDateAt(instant, 'UTC')).toBe('2026-11-19');
    expect(calendarDateAt(Date.parse('0099-03-01T12:00:00Z'), 'UTC')).toBe('0099-03-01');
  });
});
