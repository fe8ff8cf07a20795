/**
 * Wall-clock time in a named timezone, with the runtime's own Intl data (no timezone database to ship):
 * what a clock in `timeZone` shows at an instant, and the instant a wall-clock time in `timeZone` names.
 * The server's calendar days (the admin dashboard's "today", the audit log's date filter) and the web's
 * voting window inputs are both built on these.
 */

/** A wall-clock reading; `month` is 1-12. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** A wall-clock time read as UTC, in ms; unlike Date.UTC, years 0-99 stay what they are. */
export function wallTimeAsUtc(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** What a clock in `timeZone` shows at `instant` (ms since the epoch). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
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

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The calendar date ('YYYY-MM-DD') a clock in `timeZone` shows at `instant` (ms since the epoch): the
 * server's "today" for ads and their report, and the ad form's default start date.
 */
export function calendarDateAt(instant: number, timeZone: string): string {
  const { year, month, day } = wallClockAt(instant, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
export function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClockAt(instant, timeZone);
  const asUtc = wallTimeAsUtc(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The instant (ms) a wall-clock time names in `timeZone`. The offset at the wall time read as UTC is right
 * except within hours of a DST change; a second pass with the offset at that first guess settles it. A
 * time inside a spring-forward gap lands after the gap (midnight in a zone that springs forward at 00:00
 * gives the day's first wall time, 01:00).
 */
export function instantOfWallTime(
  wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<Pick<WallClock, 'hour' | 'minute' | 'second'>>,
  timeZone: string,
): number {
  const asUtc = wallTimeAsUtc(wall.year, wall.month, wall.day, wall.hour, wall.minute, wall.second);
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}
