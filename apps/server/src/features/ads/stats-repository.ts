import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../lib/db';

/**
 * Reading the counted buckets: whole UTC hours come from `ad_hour_stats`, the minutes before the
 * first whole hour and after the last one from `ad_minute_stats`, so a range that starts at midnight in a
 * zone half an hour from UTC is still exact, and a 30-day report reads hours, not 43,200 minutes an ad.
 */

const HOUR_MS = 60 * 60 * 1000;

export interface StatRange {
  /** Inclusive; none: from the beginning. */
  from?: Date;
  /** Exclusive; none: up to now. */
  to?: Date;
}

export interface StatSums {
  impressions: number;
  clicks: number;
  filteredImpressions: number;
  filteredClicks: number;
}

export const EMPTY_SUMS: StatSums = { impressions: 0, clicks: 0, filteredImpressions: 0, filteredClicks: 0 };

function ceilHour(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / HOUR_MS) * HOUR_MS);
}

function floorHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}

/** Half-open spans of time, [from, to). */
type Span = [Date, Date];

/** Adjacent or overlapping spans joined, in order: fewer conditions for the planner. */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a[0].getTime() - b[0].getTime());
  const merged: Span[] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last && from.getTime() <= last[1].getTime()) {
      if (to.getTime() > last[1].getTime()) last[1] = to;
    } else merged.push([from, to]);
  }
  return merged;
}

/**
 * The whole hours of [firstHour, lastHour) that a boundary cuts (a period starting at :30 in India): their
 * hour rows cannot be split, so they are read by the minute.
 */
function cutHours(boundaries: readonly Date[], firstHour: Date | undefined, lastHour: Date | undefined) {
  const hours = new Map<number, Date>();
  for (const boundary of boundaries) {
    const hour = floorHour(boundary);
    if (hour.getTime() === boundary.getTime()) continue;
    if (firstHour && hour.getTime() < firstHour.getTime()) continue;
    if (lastHour && hour.getTime() >= lastHour.getTime()) continue;
    hours.set(hour.getTime(), hour);
  }
  return [...hours.values()];
}

const timestamp = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

/**
 * The bucket rows of a range, as one SQL source with the columns `at, ad_id, location, impressions, clicks,
 * unique_viewers, filtered_impressions, filtered_clicks` (`at` the hour or the minute): hours where whole
 * hours fit, minutes at the edges. `where` adds a condition on `ad_id`/`location` to every part.
 * `boundaries` are instants the caller groups by (period starts in the platform's timezone): an hour one
 * of them cuts is read by the minute too, so grouping the rows by period is exact in any timezone.
 */
export function bucketRows(range: StatRange, where?: SQL, boundaries: readonly Date[] = []): SQL {
  const extra = where ? sql` and ${where}` : sql``;
  const columns = sql`ad_id, location, impressions, clicks, unique_viewers, filtered_impressions, filtered_clicks`;
  const minutes = (spans: Span[]) => {
    const within = spans.map(
      ([from, to]) => sql`(minute >= ${timestamp(from)} and minute < ${timestamp(to)})`,
    );
    return sql`select minute as at, ${columns} from ad_minute_stats where (${sql.join(within, sql` or `)})${extra}`;
  };

  const firstHour = range.from ? ceilHour(range.from) : undefined;
  const lastHour = range.to ? floorHour(range.to) : undefined;
  if (firstHour && lastHour && firstHour.getTime() >= lastHour.getTime()) {
    // No whole hour inside: the minutes only.
    return minutes([[range.from!, range.to!]]);
  }
  const cut = cutHours(boundaries, firstHour, lastHour);
  const minuteSpans: Span[] = cut.map((hour): Span => [hour, new Date(hour.getTime() + HOUR_MS)]);
  if (range.from && firstHour && firstHour.getTime() > range.from.getTime())
    minuteSpans.push([range.from, firstHour]);
  if (range.to && lastHour && lastHour.getTime() < range.to.getTime()) minuteSpans.push([lastHour, range.to]);

  const everyHourCut =
    firstHour && lastHour && cut.length === (lastHour.getTime() - firstHour.getTime()) / HOUR_MS;
  const parts: SQL[] = [];
  if (!everyHourCut) {
    const conditions = [
      ...(firstHour ? [sql`hour >= ${timestamp(firstHour)}`] : []),
      ...(lastHour ? [sql`hour < ${timestamp(lastHour)}`] : []),
      ...(cut.length
        ? [sql`hour <> all(${`{${cut.map((hour) => hour.toISOString()).join(',')}}`}::timestamptz[])`]
        : []),
    ];
    const filter = conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``;
    parts.push(sql`select hour as at, ${columns} from ad_hour_stats where true${filter}${extra}`);
  }
  if (minuteSpans.length) parts.push(minutes(mergeSpans(minuteSpans)));
  return sql.join(parts, sql` union all `);
}

function toSums(row: Record<string, unknown>): StatSums {
  return {
    impressions: Number(row.impressions ?? 0),
    clicks: Number(row.clicks ?? 0),
    filteredImpressions: Number(row.filtered_impressions ?? 0),
    filteredClicks: Number(row.filtered_clicks ?? 0),
  };
}

const sums = sql`coalesce(sum(impressions), 0)::int8 as impressions, coalesce(sum(clicks), 0)::int8 as clicks,
  coalesce(sum(filtered_impressions), 0)::int8 as filtered_impressions,
  coalesce(sum(filtered_clicks), 0)::int8 as filtered_clicks`;

function adFilter(adIds: readonly string[] | undefined): SQL | undefined {
  if (!adIds) return undefined;
  return sql`ad_id = any(${`{${adIds.join(',')}}`}::uuid[])`;
}

/** Each ad's sums over a range (only ads with rows appear), optionally for some ads only. */
export async function sumsByAd(
  db: Database,
  range: StatRange,
  adIds?: readonly string[],
): Promise<Map<string, StatSums>> {
  const result = new Map<string, StatSums>();
  if (adIds && adIds.length === 0) return result;
  const rows = await db.execute(
    sql`select ad_id, ${sums} from (${bucketRows(range, adFilter(adIds))}) b group by ad_id`,
  );
  for (const row of rowsOf<Record<string, unknown>>(rows)) result.set(String(row.ad_id), toSums(row));
  return result;
}

/** One ad's sums per location over a range. */
export async function sumsByLocation(
  db: Database,
  range: StatRange,
  adId: string,
): Promise<Map<string, StatSums>> {
  const rows = await db.execute(
    sql`select location, ${sums} from (${bucketRows(range, sql`ad_id = ${adId}::uuid`)}) b group by location`,
  );
  const result = new Map<string, StatSums>();
  for (const row of rowsOf<Record<string, unknown>>(rows)) result.set(String(row.location), toSums(row));
  return result;
}
