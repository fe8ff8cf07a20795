/**
 * The voting window is edited as wall-clock time in a chosen timezone (an admin in Lagos types 20:00 for
 * Africa/Lagos) and stored as an instant. These two functions convert between a `datetime-local` value
 * ('YYYY-MM-DDTHH:mm') in `timeZone` and an ISO instant, with the browser's own Intl data.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(instant: number, timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (instant - (instant % 1000));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` value in `timeZone` ('' for none). */
export function toZonedInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const p = partsIn(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A `datetime-local` value read in `timeZone`, as an ISO instant (null for an empty or invalid value). */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!);
  // The offset at the wall time read as UTC is right except within hours of a DST change; a second
  // pass with the offset at the first guess settles it.
  const guess = wall - offsetAt(wall, timeZone);
  const instant = wall - offsetAt(guess, timeZone);
  return new Date(instant).toISOString();
}
