import type { AdTrafficGroup } from '@ovation/shared';
import { instantOfWallTime, wallClockAt, wallTimeAsUtc } from '@ovation/shared/zoned-time';

/**
 * The periods of the ad and traffic report: calendar dates, hours, ISO weeks (Monday first) and
 * months on the platform's wall clock. The report groups counted buckets by these periods' first instants,
 * so this file is the one place that decides where an hour, a day, a week or a month begins; the database
 * only sorts instants into them (width_bucket), it never converts timezones itself.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** One row of the report before its counts: where the period begins and how it is named. */
export interface Period {
  /** The period's first instant (a week's Monday or a month's first day may come before the range). */
  start: Date;
  /** 'YYYY-MM-DD HH:00' (hour), 'YYYY-MM-DD' (day; a week by its Monday), 'YYYY-MM' (month). */
  label: string;
  hour: number | null;
  day: number | null;
  /** The ISO 8601 week number, for weeks. */
  week: number | null;
  month: number;
  year: number;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function parseDate(date: string): CalendarDate {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function formatDate({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The calendar date `days` after (or before) `date`: weekday and month arithmetic at UTC noon. */
function shiftDate(date: CalendarDate, days: number): CalendarDate {
  const noon = new Date(wallTimeAsUtc(date.year, date.month, date.day + days, 12));
  return { year: noon.getUTCFullYear(), month: noon.getUTCMonth() + 1, day: noon.getUTCDate() };
}

/** 'YYYY-MM-DD' moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  return formatDate(shiftDate(parseDate(date), days));
}

/** How many calendar days [start, end] holds, both included (1 for a single day). */
export function daysIn(startDate: string, endDate: string): number {
  const at = (date: string) => {
    const { year, month, day } = parseDate(date);
    return wallTimeAsUtc(year, month, day, 12);
  };
  return Math.round((at(endDate) - at(startDate)) / DAY_MS) + 1;
}

/** The first instant of a calendar date in `timeZone` (after the gap where midnight does not exist). */
export function startOfDate(date: string, timeZone: string): Date {
  return new Date(instantOfWallTime(parseDate(date), timeZone));
}

/** 0 for Monday ... 6 for Sunday: a calendar date's weekday does not depend on the zone. */
function daysSinceMonday(date: CalendarDate): number {
  return (new Date(wallTimeAsUtc(date.year, date.month, date.day, 12)).getUTCDay() + 6) % 7;
}

/** ISO 8601 week number: the week holding the year's first Thursday is week 1. */
function isoWeekOf(monday: CalendarDate): number {
  const thursday = shiftDate(monday, 3);
  const dayOfYear = Math.round(
    (wallTimeAsUtc(thursday.year, thursday.month, thursday.day) - wallTimeAsUtc(thursday.year, 1, 1)) /
      DAY_MS,
  );
  return Math.floor(dayOfYear / 7) + 1;
}

function datePeriod(date: CalendarDate, timeZone: string, week: number | null = null): Period {
  return {
    start: new Date(instantOfWallTime(date, timeZone)),
    label: formatDate(date),
    hour: null,
    day: date.day,
    week,
    month: date.month,
    year: date.year,
  };
}

/** Every calendar date of [startDate, endDate]. */
function datesOf(startDate: string, endDate: string): CalendarDate[] {
  const first = parseDate(startDate);
  return Array.from({ length: daysIn(startDate, endDate) }, (_, index) => shiftDate(first, index));
}

/**
 * The wall-clock hours of each date, stepping one real hour from the day's first instant to the next day's:
 * 23 on the day clocks go forward, 25 (01:00 twice) on the day they go back, each with the hour its clock
 * showed. India's hours begin at :30 UTC and come out that way.
 */
function hoursOf(startDate: string, endDate: string, timeZone: string): Period[] {
  const periods: Period[] = [];
  for (const date of datesOf(startDate, endDate)) {
    const next = startOfDate(formatDate(shiftDate(date, 1)), timeZone).getTime();
    for (
      let instant = startOfDate(formatDate(date), timeZone).getTime();
      instant < next;
      instant += HOUR_MS
    ) {
      const wall = wallClockAt(instant, timeZone);
      periods.push({
        start: new Date(instant),
        label: `${formatDate(wall)} ${pad(wall.hour)}:00`,
        hour: wall.hour,
        day: wall.day,
        week: null,
        month: wall.month,
        year: wall.year,
      });
    }
  }
  return periods;
}

/** The weeks (Monday to Sunday) that touch [startDate, endDate], each named by its Monday. */
function weeksOf(startDate: string, endDate: string, timeZone: string): Period[] {
  const first = parseDate(startDate);
  const periods: Period[] = [];
  for (let monday = shiftDate(first, -daysSinceMonday(first)); formatDate(monday) <= endDate; ) {
    periods.push(datePeriod(monday, timeZone, isoWeekOf(monday)));
    monday = shiftDate(monday, 7);
  }
  return periods;
}

/** The months that touch [startDate, endDate], each from its first day. */
function monthsOf(startDate: string, endDate: string, timeZone: string): Period[] {
  const { year, month } = parseDate(startDate);
  const periods: Period[] = [];
  for (let first = { year, month, day: 1 }; formatDate(first) <= endDate; ) {
    periods.push({
      ...datePeriod(first, timeZone),
      label: `${pad(first.year, 4)}-${pad(first.month)}`,
      day: null,
    });
    first =
      first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { ...first, month: first.month + 1 };
  }
  return periods;
}

/**
 * Every period of `group` that touches the inclusive calendar range [startDate, endDate] in `timeZone`, in
 * order, none missing: the report answers one row per period even when nothing was counted in it.
 */
export function periodsOf(
  range: { startDate: string; endDate: string },
  group: AdTrafficGroup,
  timeZone: string,
): Period[] {
  switch (group) {
    case 'hour':
      return hoursOf(range.startDate, range.endDate, timeZone);
    case 'day':
      return datesOf(range.startDate, range.endDate).map((date) => datePeriod(date, timeZone));
    case 'week':
      return weeksOf(range.startDate, range.endDate, timeZone);
    case 'month':
      return monthsOf(range.startDate, range.endDate, timeZone);
  }
}
