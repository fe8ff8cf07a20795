/**
 * This moment as the browser's date and time inputs write it, on the user's own clock and timezone:
 * 'YYYY-MM-DD' for a date input, 'YYYY-MM-DDTHH:mm' for a datetime-local one.
 */
export function localInputValue(kind: 'date' | 'datetime-local', at = new Date()): string {
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString();
  return kind === 'date' ? local.slice(0, 10) : local.slice(0, 16);
}
