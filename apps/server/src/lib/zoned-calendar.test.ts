import { describe, expect, it } from 'vitest';
import { dateRangeIn, startOfDayIn, startOfWeekIn } from './zoned-calendar';

const at = (iso: string) => new Date(iso);

describe('days and weeks in a timezone', () => {
  it('starts the day at midnight on the zone’s wall clock (Lagos is UTC+1 all year)', () => {
    // 00:30 on Friday 7 November in Lagos.
    expect(startOfDayIn(at('2025-11-06T23:30:00Z'), 'Africa/Lagos').toISOString()).toBe(
      '2025-11-06T23:00:00.000Z',
    );
    // 23:59:59 on Thursday in Lagos: still Thursday.
    expect(startOfDayIn(at('2025-11-06T22:59:59Z'), 'Africa/Lagos').toISOString()).toBe(
      '2025-11-05T23:00:00.000Z',
    );
    expect(startOfDayIn(at('2025-11-06T23:30:00Z'), 'UTC').toISOString()).toBe('2025-11-06T00:00:00.000Z');
  });

  it('starts the week on Monday', () => {
    // Friday 7 November in Lagos: the week began on Monday 3 November, 00:00 Lagos.
    expect(startOfWeekIn(at('2025-11-06T23:30:00Z'), 'Africa/Lagos').toISOString()).toBe(
      '2025-11-02T23:00:00.000Z',
    );
    // Sunday 23:30 in Lagos is still that week; Monday 00:30 is the next.
    expect(startOfWeekIn(at('2025-11-09T22:30:00Z'), 'Africa/Lagos').toISOString()).toBe(
      '2025-11-02T23:00:00.000Z',
    );
    expect(startOfWeekIn(at('2025-11-09T23:30:00Z'), 'Africa/Lagos').toISOString()).toBe(
      '2025-11-09T23:00:00.000Z',
    );
    // A Monday is its own week's start; across a month and a year end too.
    expect(startOfWeekIn(at('2025-11-03T00:00:00Z'), 'UTC').toISOString()).toBe('2025-11-03T00:00:00.000Z');
    expect(startOfWeekIn(at('2026-01-01T12:00:00Z'), 'UTC').toISOString()).toBe('2025-12-29T00:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // New York, the day clocks went back (2 November 2025): the day began at 00:00 EDT (UTC-4).
    expect(startOfDayIn(at('2025-11-02T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-11-02T04:00:00.000Z',
    );
    // The next day begins at 00:00 EST (UTC-5).
    expect(startOfDayIn(at('2025-11-03T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-11-03T05:00:00.000Z',
    );
    // Cairo springs forward at midnight (25 April 2025): that day's first instant is 01:00 EEST.
    expect(startOfDayIn(at('2025-04-25T12:00:00Z'), 'Africa/Cairo').toISOString()).toBe(
      '2025-04-24T22:00:00.000Z',
    );
  });

  it('turns an inclusive range of dates into instants, the last day included whole', () => {
    expect(dateRangeIn({ from: '2025-11-03', to: '2025-11-06' }, 'Africa/Lagos')).toEqual({
      start: at('2025-11-02T23:00:00Z'),
      endBefore: at('2025-11-06T23:00:00Z'),
    });
    expect(dateRangeIn({ to: '2025-12-31' }, 'UTC')).toEqual({
      start: undefined,
      endBefore: at('2026-01-01T00:00:00Z'),
    });
    expect(dateRangeIn({}, 'UTC')).toEqual({ start: undefined, endBefore: undefined });
  });
});
