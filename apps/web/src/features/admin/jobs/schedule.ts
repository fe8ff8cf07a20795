/**
 * A job's cron pattern (five fields, UTC) read as one of the few shapes a sentence can say: every minute,
 * every N minutes, every hour at a minute, every day or one weekday at a time. Anything else (ranges,
 * lists, steps on other fields) answers null and the screen shows the pattern itself.
 */
export type ScheduleShape =
  | { kind: 'everyMinute' }
  | { kind: 'everyMinutes'; minutes: number }
  | { kind: 'hourly'; minute: number }
  | { kind: 'daily'; hour: number; minute: number }
  | { kind: 'weekly'; weekday: number; hour: number; minute: number };

/** A plain number within bounds ('7', not '07-09', '*' or '1,2'), else null. */
function plainNumber(field: string, min: number, max: number): number | null {
  if (!/^\d{1,2}$/.test(field)) return null;
  const value = Number(field);
  return value >= min && value <= max ? value : null;
}

export function readSchedule(cron: string): ScheduleShape | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const [minuteField, hourField, dayField, monthField, weekdayField] = fields as [
    string,
    string,
    string,
    string,
    string,
  ];
  if (dayField !== '*' || monthField !== '*') return null;

  if (hourField === '*' && weekdayField === '*') {
    if (minuteField === '*') return { kind: 'everyMinute' };
    const step = /^\*\/(\d{1,2})$/.exec(minuteField);
    if (step) {
      const minutes = Number(step[1]);
      if (minutes === 1) return { kind: 'everyMinute' };
      // A step that does not divide the hour restarts at :00, so 'every 7 minutes' would not be true.
      return minutes > 1 && 60 % minutes === 0 ? { kind: 'everyMinutes', minutes } : null;
    }
    const minute = plainNumber(minuteField, 0, 59);
    return minute === null ? null : { kind: 'hourly', minute };
  }

  const minute = plainNumber(minuteField, 0, 59);
  const hour = plainNumber(hourField, 0, 23);
  if (minute === null || hour === null) return null;
  if (weekdayField === '*') return { kind: 'daily', hour, minute };
  const weekday = plainNumber(weekdayField, 0, 7);
  // Cron counts Sunday as 0 or 7.
  return weekday === null ? null : { kind: 'weekly', weekday: weekday % 7, hour, minute };
}
