import { eq, inArray, sql } from 'drizzle-orm';
import { ads, images } from '../../db/schema';
import { type Database, rowsOf } from '../../lib/db';
import { adPictureColumns } from './repository';
import { bucketRows, type StatSums } from './stats-repository';

/**
 * The ad and traffic report's reads. Every sum is made in the database from the counted buckets
 * (stats-repository bucketRows: whole hours from ad_hour_stats, minutes where a range or a period edge
 * cuts an hour): what comes back is one row per period, or per ad and location, never the buckets. Distinct
 * viewers come from ad_viewer_hours: counted in the database per span, or as a key list for a long span's
 * settled part, which analytics-viewers.ts keeps.
 */

/** A range of instants: [from, to). */
export interface InstantRange {
  from: Date;
  to: Date;
}

export interface AdLocationSums extends StatSums {
  adId: string;
  location: string;
}

export interface PeriodSums extends StatSums {
  /** The period's index in the `starts` given (0 is the first). */
  period: number;
  /** Distinct ads with counted impressions in the period. */
  uniqueAds: number;
}

const sums = sql`coalesce(sum(impressions), 0)::int8 as impressions, coalesce(sum(clicks), 0)::int8 as clicks,
  coalesce(sum(filtered_impressions), 0)::int8 as filtered_impressions,
  coalesce(sum(filtered_clicks), 0)::int8 as filtered_clicks`;

function toSums(row: Record<string, unknown>): StatSums {
  return {
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    filteredImpressions: Number(row.filtered_impressions),
    filteredClicks: Number(row.filtered_clicks),
  };
}

/** Each ad's sums at each location over the range: at most ads × locations rows, for totals and rankings. */
export async function sumsByAdAndLocation(db: Database, range: InstantRange): Promise<AdLocationSums[]> {
  const result = await db.execute(
    sql`select ad_id, location, ${sums} from (${bucketRows(range)}) b group by ad_id, location`,
  );
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    adId: String(row.ad_id),
    location: String(row.location),
    ...toSums(row),
  }));
}

/**
 * The sums of each period that has buckets, periods given by their first instants in order (the first may
 * come before the range: a week's Monday); width_bucket sorts each bucket into its period. Summed per
 * period and ad first (hash aggregates, no sort), so the ads with impressions are a plain count.
 */
export async function sumsByPeriod(
  db: Database,
  range: InstantRange,
  starts: readonly Date[],
): Promise<PeriodSums[]> {
  const result = await db.execute(sql`
    select period, ${sums}, count(*) filter (where impressions > 0)::int8 as unique_ads
      from (select width_bucket(at, ${sql.param(starts.map((start) => start.toISOString()))}::timestamptz[]) - 1
                   as period, ad_id, ${sums}
              from (${bucketRows(range, undefined, starts)}) b
             group by 1, ad_id) per_ad
     group by period`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({
    period: Number(row.period),
    uniqueAds: Number(row.unique_ads),
    ...toSums(row),
  }));
}

/** Whole UTC hours [from, to) of ad_viewer_hours (analytics-viewers.ts decides which hours a period holds). */
export interface HourSpan {
  from: Date;
  to: Date;
}

/**
 * The distinct viewers of each span, one count per span in order: each an index range scan of the hours,
 * counted in the database (a single hour's rows are distinct already: a plain count).
 */
export async function countViewersBySpan(db: Database, spans: readonly HourSpan[]): Promise<number[]> {
  if (spans.length === 0) return [];
  const result = await db.execute(sql`
    select s.i,
           case when s.to_hour = s.from_hour + interval '1 hour'
                then (select count(*) from ad_viewer_hours where hour = s.from_hour)
                else (select count(distinct viewer) from ad_viewer_hours where hour >= s.from_hour and hour < s.to_hour)
           end as viewers
      from unnest(${sql.param(spans.map((span) => span.from.toISOString()))}::timestamptz[],
                  ${sql.param(spans.map((span) => span.to.toISOString()))}::timestamptz[])
           with ordinality as s(from_hour, to_hour, i)`);
  const counts = new Array<number>(spans.length).fill(0);
  for (const row of rowsOf<{ i: string | number; viewers: string | number }>(result)) {
    counts[Number(row.i) - 1] = Number(row.viewers);
  }
  return counts;
}

/**
 * The distinct viewer keys of a span, sorted (for the union of a long span's settled part and its last
 * hours). They travel packed, eight big-endian bytes each in one bytea, not as one row a key: tens of
 * thousands of keys arrive in one value instead of as many rows to parse.
 */
export async function findViewers(db: Database, span: HourSpan): Promise<BigInt64Array> {
  const from = span.from.toISOString();
  const oneHour = span.to.getTime() - span.from.getTime() === 60 * 60 * 1000;
  // One hour (the usual unsettled part) is read in index order, distinct and sorted already.
  const viewers = oneHour
    ? sql`select viewer from ad_viewer_hours where hour = ${from}::timestamptz order by viewer`
    : sql`select distinct viewer from ad_viewer_hours
           where hour >= ${from}::timestamptz and hour < ${span.to.toISOString()}::timestamptz order by viewer`;
  const result = await db.execute(
    sql`select string_agg(int8send(viewer), ''::bytea) as viewers from (${viewers}) v`,
  );
  const packed = rowsOf<{ viewers: Uint8Array | null }>(result)[0]?.viewers;
  if (!packed) return new BigInt64Array(0);
  // A fresh, aligned copy, turned little-endian in place (this platform's order) and read as 64-bit keys.
  const bytes = new Uint8Array(packed.length);
  bytes.set(packed);
  Buffer.from(bytes.buffer).swap64();
  const keys = new BigInt64Array(bytes.buffer);
  // PostgreSQL aggregates a sorted subquery's rows in their order; should a plan ever differ, sort here.
  for (let index = 1; index < keys.length; index += 1)
    if (keys[index - 1]! > keys[index]!) return keys.sort();
  return keys;
}

/** Titles and pictures of some ads (the top of the ranking). */
export async function findAdSummaries(db: Database, adIds: readonly string[]) {
  if (adIds.length === 0) return [];
  return db
    .select({
      id: ads.id,
      title: ads.title,
      image: adPictureColumns,
    })
    .from(ads)
    .leftJoin(images, eq(images.id, ads.imageId))
    .where(inArray(ads.id, [...adIds]));
}
