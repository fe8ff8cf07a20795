import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  knownTimeZone,
  type PeriodFormats,
  periodDays,
  periodLabel,
  runningPeriodIndex,
} from './traffic-period';

function formatsIn(language: string, timeZone: string): PeriodFormats {
  return {
    hour: new Intl.DateTimeFormat(language, {
      timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }),
    day: new Intl.DateTimeFormat(language, {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
    days: new Intl.DateTimeFormat(language, {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }),
    month: new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
  };
}

const MARCH = { startDate: '2026-03-01', endDate: '2026-03-31' };

describe('calendarDay', () => {
  it('is the named day at noon UTC, whatever the zone it is later shown in', () => {
    expect(calendarDay('2026-03-05').toISOString()).toBe('2026-03-05T12:00:00.000Z');
    expect(calendarDay('2026-03').toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('periodDays', () => {
  it('runs a week from Monday to Sunday, cut by the range at either end', () => {
    expect(periodDays({ period: '2026-03-09' }, 'week', MARCH)).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
      whole: true,
    });
    // The week of Monday 23 February begins before the range; the week of 30 March ends after it.
    expect(periodDays({ period: '2026-02-23' }, 'week', MARCH)).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      whole: false,
    });
    expect(periodDays({ period: '2026-03-30' }, 'week', MARCH)).toEqual({
      from: '2026-03-30',
      to: '2026-03-31',
      whole: false,
    });
  });

  it('runs a month to its last day (leap years too), cut by the range', () => {
    expect(
      periodDays({ period: '2028-02' }, 'month', { startDate: '2028-01-01', endDate: '2028-12-31' }),
    ).toEqual({ from: '2028-02-01', to: '2028-02-29', whole: true });
    expect(
      periodDays({ period: '2026-02' }, 'month', { startDate: '2026-02-10', endDate: '2026-03-11' }),
    ).toEqual({ from: '2026-02-10', to: '2026-02-28', whole: false });
  });
});

describe('periodLabel', () => {
  const english = formatsIn('en', 'Africa/Lagos');

  it('names an hour with its end on the platform clock', () => {
    // 13:00 UTC is 14:00 in Lagos (UTC+1).
    const label = periodLabel(
      { period: '2026-03-05 14:00', start: '2026-03-05T13:00:00.000Z' },
      'hour',
      MARCH,
      english,
    );
    expect(label.replace(/\s/g, ' ')).toBe('Mar 5, 2:00 – 3:00 PM');
  });

  it('names a day with its weekday, a week by its days and a whole month by name', () => {
    const day = { period: '2026-03-05', start: '2026-03-04T23:00:00.000Z' };
    expect(periodLabel(day, 'day', MARCH, english)).toBe('Thu, Mar 5, 2026');
    const week = { period: '2026-03-09', start: '2026-03-08T23:00:00.000Z' };
    expect(periodLabel(week, 'week', MARCH, english).replace(/\s/g, ' ')).toBe('Mar 9 – 15, 2026');
    const month = { period: '2026-03', start: '2026-02-28T23:00:00.000Z' };
    expect(periodLabel(month, 'month', MARCH, english)).toBe('March 2026');
  });

  it('names a month the range cuts by its days, and a one-day remainder as that day', () => {
    const range = { startDate: '2026-02-10', endDate: '2026-03-01' };
    const february = { period: '2026-02', start: '2026-01-31T23:00:00.000Z' };
    expect(periodLabel(february, 'month', range, english).replace(/\s/g, ' ')).toBe('Feb 10 – 28, 2026');
    const march = { period: '2026-03', start: '2026-02-28T23:00:00.000Z' };
    expect(periodLabel(march, 'month', range, english)).toBe('Mar 1, 2026');
  });

  it('writes the period in the reader language (Arabic month names, the digits ICU gives Arabic)', () => {
    const label = periodLabel(
      { period: '2026-03', start: '2026-02-28T23:00:00.000Z' },
      'month',
      MARCH,
      formatsIn('ar', 'UTC'),
    );
    expect(label).toMatch(/^مارس (2026|٢٠٢٦)$/);
  });
});

describe('knownTimeZone', () => {
  it('keeps a zone the browser knows and falls back to UTC otherwise', () => {
    expect(knownTimeZone('Africa/Nairobi')).toBe('Africa/Nairobi');
    expect(knownTimeZone('Mars/Olympus')).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
  });
});

describe('runningPeriodIndex', () => {
  const days = [
    { period: '2026-03-09', start: '2026-03-08T23:00:00.000Z' },
    { period: '2026-03-10', start: '2026-03-09T23:00:00.000Z' },
  ];

  it('marks today as still running: its figures are partial', () => {
    expect(runningPeriodIndex(days, 'day', Date.parse('2026-03-10T09:30:00Z'))).toBe(1);
  });

  it('marks nothing once the last day is over, or for no data', () => {
    expect(runningPeriodIndex(days, 'day', Date.parse('2026-03-10T23:00:00Z'))).toBeNull();
    expect(runningPeriodIndex([], 'day', Date.now())).toBeNull();
  });

  it('knows an hour, a week and a month by their own lengths', () => {
    const hour = [{ period: '2026-03-10 09:00', start: '2026-03-10T08:00:00.000Z' }];
    expect(runningPeriodIndex(hour, 'hour', Date.parse('2026-03-10T08:59:00Z'))).toBe(0);
    expect(runningPeriodIndex(hour, 'hour', Date.parse('2026-03-10T09:00:00Z'))).toBeNull();
    const week = [{ period: '2026-03-09', start: '2026-03-08T23:00:00.000Z' }];
    expect(runningPeriodIndex(week, 'week', Date.parse('2026-03-15T12:00:00Z'))).toBe(0);
    const february = [{ period: '2026-02', start: '2026-01-31T23:00:00.000Z' }];
    expect(runningPeriodIndex(february, 'month', Date.parse('2026-02-28T12:00:00Z'))).toBe(0);
    expect(runningPeriodIndex(february, 'month', Date.parse('2026-03-01T12:00:00Z'))).toBeNull();
  });
});
