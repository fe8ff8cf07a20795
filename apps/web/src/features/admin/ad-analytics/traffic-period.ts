import type { AdTrafficStat } from '@ovation/shared/schemas/ad-analytics';
import type { AdTrafficGroup } from '@ovation/shared/schemas/ads';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The days a range covers, 'YYYY-MM-DD', both included. */
export interface CalendarRange {
  startDate: string;
  endDate: string;
}

/**
 * A calendar day as an instant to format with `timeZone: 'UTC'`: noon, so no timezone or daylight-saving
 * shift can move it to the day before or after. Calendar periods (days, weeks, months) are formatted
 * this way, exactly as the server named them; only hours are instants on the platform's clock.
 */
export function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number?];
  return new Date(Date.UTC(year, month - 1, date ?? 1, 12));
}

/** 'YYYY-MM-DD' of a calendarDay() instant. */
function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/** The last day of the month of a 'YYYY-MM' or 'YYYY-MM-DD' period. */
function lastDayOfMonth(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(year, month, 0, 12)));
}

/**
 * The days of a calendar period inside the range: a week runs Monday to Sunday and a month its whole
 * length, but the first and last may be cut by the range (a range from the 10th: the first month is the
 * 10th to the 31st), and the label says so.
 */
export function periodDays(
  stat: Pick<AdTrafficStat, 'period'>,
  groupBy: 'week' | 'month',
  range: CalendarRange,
) {
  const first = groupBy === 'week' ? stat.period : `${stat.period.slice(0, 7)}-01`;
  const last =
    groupBy === 'week' ? dayOf(new Date(calendarDay(first).getTime() + 6 * DAY_MS)) : lastDayOfMonth(first);
  const from = range.startDate > first ? range.startDate : first;
  const to = range.endDate < last ? range.endDate : last;
  return { from, to, whole: from === first && to === last };
}

/** The Intl formats a period's label needs, made once per language and timezone (see useAdTrafficFormats). */
export interface PeriodFormats {
  /** An hour as 'Mar 5, 2:00 – 3:00 PM', on the platform's clock. */
  hour: Intl.DateTimeFormat;
  /** A day with its weekday, in UTC (calendarDay). */
  day: Intl.DateTimeFormat;
  /** Day, month and year, in UTC: a span of days ('Mar 2 – 8, 2026'). */
  days: Intl.DateTimeFormat;
  /** A whole month, in UTC ('March 2026'). */
  month: Intl.DateTimeFormat;
}

/**
 * A traffic period as the reader's language writes it: an hour with its end, a day with its weekday, a
 * week as its days ('Mar 2 – 8, 2026'), a month by name or, cut by the range, as its days.
 */
export function periodLabel(
  stat: Pick<AdTrafficStat, 'period' | 'start'>,
  groupBy: AdTrafficGroup,
  range: CalendarRange,
  formats: PeriodFormats,
): string {
  if (groupBy === 'hour') {
    const start = new Date(stat.start);
    return formats.hour.formatRange(start, new Date(start.getTime() + HOUR_MS));
  }
  if (groupBy === 'day') return formats.day.format(calendarDay(stat.period.slice(0, 10)));
  const { from, to, whole } = periodDays(stat, groupBy, range);
  if (groupBy === 'month' && whole) return formats.month.format(calendarDay(from));
  if (from === to) return formats.days.format(calendarDay(from));
  return formats.days.formatRange(calendarDay(from), calendarDay(to));
}

/** An IANA timezone the browser knows, else UTC (a label in the wrong zone beats a page that throws). */
export function knownTimeZone(timezone: string | undefined): string {
  if (!timezone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}

/** How long a period runs from its first instant (a month: its own number of days). */
function periodLength(stat: Pick<AdTrafficStat, 'period'>, groupBy: AdTrafficGroup): number {
  if (groupBy === 'hour') return HOUR_MS;
  if (groupBy === 'day') return DAY_MS;
  if (groupBy === 'week') return 7 * DAY_MS;
  const [year, month] = stat.period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate() * DAY_MS;
}

/**
 * The index of the period still running at `now` (today, this hour, this week), whose figures are only
 * partial and would read as a sudden drop; null when the last period is over. Only the last can be.
 */
export function runningPeriodIndex(
  stats: readonly Pick<AdTrafficStat, 'period' | 'start'>[],
  groupBy: AdTrafficGroup,
  now: number,
): number | null {
  const index = stats.length - 1;
  const last = stats[index];
  if (!last) return null;
  const start = Date.parse(last.start);
  return start <= now && now < start + periodLength(last, groupBy) ? index : null;
}
