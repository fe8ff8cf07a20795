import { instantOfWallTime, wallClockAt } from '@ovation/shared/zoned-time';

/**
 * The voting window is edited as wall-clock time in a chosen timezone (an admin in Lagos types 20:00 for
 * Africa/Lagos) and stored as an instant. These two functions convert between a `datetime-local` value
 * ('YYYY-MM-DDTHH:mm') in `timeZone` and an ISO instant, with the browser's own Intl data.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in `timeZone` ('' for none). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const p = wallClockAt(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A `datetime-local` value read in `timeZone`, as an ISO instant (null for an empty or invalid value). */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return new Date(
    instantOfWallTime({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, timeZone),
  ).toISOString();
}
