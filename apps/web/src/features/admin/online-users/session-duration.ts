/** A session's length as the screen writes it (the admin spec: 'Xh Ym', or 'Ym' under an hour). */
export interface SessionDuration {
  hours: number;
  minutes: number;
}

const MINUTE_MS = 60_000;

/**
 * Whole hours and minutes from `loginTime` to `now`: rounded down, never negative (a clock a little behind
 * the server's reads 0m, not a negative length), and null for a time that cannot be read.
 */
export function sessionDuration(loginTime: string, now: number): SessionDuration | null {
  const start = Date.parse(loginTime);
  if (Number.isNaN(start)) return null;
  const totalMinutes = Math.max(0, Math.floor((now - start) / MINUTE_MS));
  return { hours: Math.floor(totalMinutes / 60), minutes: totalMinutes % 60 };
}
