import { calendarDateAt, instantOfWallTime, wallClockAt, wallTimeAsUtc } from '@ovation/shared/zoned-time';

/**
 * Calendar days and weeks in a named timezone (the platform's: the voting settings' timezone), computed
 * with the runtime's own Intl data. "Today" on the admin dashboard and a date filter on the audit log
 * both mean a day on the platform's wall clock, not in UTC nor in the server's own zone. The wall-clock
 * arithmetic itself is shared with the web app (`@ovation/shared/zoned-time`).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first instant of a calendar date in `timeZone` (after the gap, where midnight does not exist). */
function startOfWallDate(year: number, month: number, day: number, timeZone: string): Date {
  return new Date(instantOfWallTime({ year, month, day }, timeZone));
}

/** The calendar date `instant` falls on in `timeZone`. */
function dateAt(instant: Date, timeZone: string) {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone);
  return { year, month, day };
}

/** The calendar date ('YYYY-MM-DD') `instant` falls on in `timeZone`. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  return calendarDateAt(instant.getTime(), timeZone);
}

/** When the day that contains `now` began, in `timeZone`. */
export function startOfDayIn(now: Date, timeZone: string): Date {
  const { year, month, day } = dateAt(now, timeZone);
  return startOfWallDate(year, month, day, timeZone);
}

/** When the week that contains `now` began, in `timeZone`; weeks start on Monday (ISO 8601). */
export function startOfWeekIn(now: Date, timeZone: string): Date {
  const { year, month, day } = dateAt(now, timeZone);
  // The weekday of a calendar date does not depend on the zone: read it from the date at UTC noon.
  const noon = wallTimeAsUtc(year, month, day, 12);
  const daysSinceMonday = (new Date(noon).getUTCDay() + 6) % 7;
  const monday = new Date(noon - daysSinceMonday * DAY_MS);
  return startOfWallDate(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), timeZone);
}

/**
 * The instants an inclusive range of ISO dates ('YYYY-MM-DD') covers in `timeZone`: from the start of
 * `from` to the start of the day after `to` (exclusive), so `to` includes that whole day.
 */
export function dateRangeIn(range: { from?: string; to?: string }, timeZone: string) {
  const parse = (date: string) => date.split('-').map(Number) as [number, number, number];
  const start = range.from ? startOfWallDate(...parse(range.from), timeZone) : undefined;
  let endBefore: Date | undefined;
  if (range.to) {
    const [year, month, day] = parse(range.to);
    const next = new Date(wallTimeAsUtc(year, month, day + 1, 12));
    endBefore = startOfWallDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  }
  return { start, endBefore };
}
