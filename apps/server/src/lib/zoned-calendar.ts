/**
 * Calendar days and weeks in a named timezone (the platform's: the voting settings' timezone), computed
 * with the runtime's own Intl data. "Today" on the admin dashboard and a date filter on the audit log
 * both mean a day on the platform's wall clock, not in UTC nor in the server's own zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A wall-clock time read as UTC, in ms; unlike Date.UTC, years 0-99 stay what they are. */
function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}
const formatters = new Map<string, Intl.DateTimeFormat>();

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: number, timeZone: string): WallClock {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as unknown as WallClock;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = utc(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The first instant of a calendar date in `timeZone`. Two passes settle the offset across a DST change;
 * where midnight does not exist (a zone that springs forward at 00:00) this is the first wall time of the
 * day after the gap.
 */
function startOfWallDate(year: number, month: number, day: number, timeZone: string): Date {
  const wall = utc(year, month, day);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** The calendar date ('YYYY-MM-DD' parts) `instant` falls on in `timeZone`. */
function dateAt(instant: Date, timeZone: string) {
  const { year, month, day } = wallClockAt(instant.getTime(), timeZone);
  return { year, month, day };
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
  const noon = utc(year, month, day, 12);
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
    const next = new Date(utc(year, month, day + 1, 12));
    endBefore = startOfWallDate(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone);
  }
  return { start, endBefore };
}
