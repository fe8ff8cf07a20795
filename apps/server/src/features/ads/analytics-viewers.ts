import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { countViewersBySpan, findViewers, type HourSpan, type InstantRange } from './analytics-repository';

/**
 * Unique views for the ad and traffic report: distinct viewers over any span, exact, from
 * ad_viewer_hours (one row per viewer per UTC hour with a counted impression).
 *
 * Counting distinct values cannot be summed from smaller counts, so a month's unique views read the
 * month's viewer hours: at 3,000 viewers an hour that is two million rows, far more than a 300 ms answer
 * can read on every call. But an hour's viewers never change once the hour is over (the counting buffer
 * writes within seconds), so:
 * - a span that is over is counted once in the database and its count kept;
 * - a span reaching into the last hours (today, this week, the last 30 days) is its settled part, whose
 *   distinct viewer keys are kept (8 bytes each, grown by one hour's keys as hours settle), joined with
 *   the keys of its unsettled last hour, read on every call.
 * The first report after a start reads everything once; later ones read the last hour's viewers.
 */

const HOUR_MS = 60 * 60 * 1000;
/** A viewer hour belongs to the period holding most of it, its middle (:30); matters where periods start at :30. */
const VIEWER_HOUR_MIDDLE_MS = 30 * 60 * 1000;
/**
 * An hour is settled ten minutes after it ends: the counting buffer writes an impression's hour within
 * seconds of it, and retries a failed write every second. (A database out of reach for longer than that
 * would leave the kept lists short of that hour's late viewers until the server restarts.)
 */
const SETTLE_AFTER_MS = 10 * 60 * 1000;
/** Kept counts of spans that are over (a year by the hour is under 9,000 of them). */
const MAX_KEPT_COUNTS = 50_000;
/** Kept key lists of spans still open, by their first hour: the report's range, today, this week, this month. */
const MAX_KEPT_VIEWER_LISTS = 8;

interface SettledViewers {
  /** The list holds the distinct viewers of [its first hour, upTo), sorted. */
  upTo: number;
  viewers: Promise<BigInt64Array>;
}

const ceilHour = (ms: number) => Math.ceil(ms / HOUR_MS) * HOUR_MS;

/** The viewer hours a range holds: those whose middle falls inside it. */
function hoursOf(range: InstantRange): { from: number; to: number } {
  return {
    from: ceilHour(range.from.getTime() - VIEWER_HOUR_MIDDLE_MS),
    to: ceilHour(range.to.getTime() - VIEWER_HOUR_MIDDLE_MS),
  };
}

const spanOf = (from: number, to: number): HourSpan => ({ from: new Date(from), to: new Date(to) });
const keyOf = (span: { from: number; to: number }) => `${span.from}|${span.to}`;

/** How many keys two sorted lists of distinct keys hold together: one walk through both. */
function countUnion(a: BigInt64Array, b: BigInt64Array): number {
  let i = 0;
  let j = 0;
  let count = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) i += 1;
    if (y <= x) j += 1;
    count += 1;
  }
  return count + (a.length - i) + (b.length - j);
}

/** Two sorted key lists as one, each key once. */
function mergeSorted(a: BigInt64Array, b: BigInt64Array): BigInt64Array {
  const merged = new BigInt64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let length = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (length === 0 || merged[length - 1] !== next) merged[length++] = next;
  }
  return merged.slice(0, length);
}

export class AdViewerCounts {
  private readonly settledCounts = new Map<string, Promise<number>>();
  private readonly settledViewers = new Map<number, SettledViewers>();
  private readonly readingRecent = new Map<string, Promise<BigInt64Array>>();

  constructor(private readonly deps: { db: Database; clock: Clock }) {}

  /** Distinct viewers of each range, in order (a viewer seen in two of them counts in both). */
  async count(ranges: readonly InstantRange[]): Promise<number[]> {
    const settledUpTo = Math.floor((this.deps.clock.now().getTime() - SETTLE_AFTER_MS) / HOUR_MS) * HOUR_MS;
    const spans = ranges.map(hoursOf);
    this.countSettledSpans(spans.filter((span) => span.to <= settledUpTo && span.to > span.from));
    return Promise.all(
      spans.map(async (span) => {
        if (span.to <= span.from) return 0;
        if (span.to <= settledUpTo) return (await this.settledCounts.get(keyOf(span))) ?? 0;
        if (span.from >= settledUpTo) {
          const [count] = await countViewersBySpan(this.deps.db, [spanOf(span.from, span.to)]);
          return count ?? 0;
        }
        const [settled, latest] = await Promise.all([
          this.viewersUpTo(span.from, settledUpTo),
          this.recentViewers(settledUpTo, span.to),
        ]);
        return countUnion(settled, latest);
      }),
    );
  }

  /**
   * The viewers of the unsettled last hours. Open spans mostly end where the report ends, and a report
   * counts several of them (the range, today): calls asking meanwhile share one read, kept no longer.
   */
  private recentViewers(from: number, to: number): Promise<BigInt64Array> {
    const key = `${from}|${to}`;
    let viewers = this.readingRecent.get(key);
    if (!viewers) {
      viewers = findViewers(this.deps.db, spanOf(from, to));
      this.readingRecent.set(key, viewers);
      const forget = () => this.readingRecent.delete(key);
      viewers.then(forget, forget);
    }
    return viewers;
  }

  /**
   * Starts counting the settled spans not counted (or being counted) yet, in one statement, and keeps the
   * counts: callers arriving meanwhile wait for the same statement.
   */
  private countSettledSpans(spans: ReadonlyArray<{ from: number; to: number }>) {
    const missing = [
      ...new Map(
        spans.filter((span) => !this.settledCounts.has(keyOf(span))).map((span) => [keyOf(span), span]),
      ).values(),
    ];
    if (missing.length === 0) return;
    if (this.settledCounts.size + missing.length > MAX_KEPT_COUNTS) this.settledCounts.clear();
    const counted = countViewersBySpan(
      this.deps.db,
      missing.map((span) => spanOf(span.from, span.to)),
    );
    missing.forEach((span, index) => {
      const count = counted.then((counts) => counts[index] ?? 0);
      this.settledCounts.set(keyOf(span), count);
      // A failed count is asked again next time.
      count.catch(() => {
        if (this.settledCounts.get(keyOf(span)) === count) this.settledCounts.delete(keyOf(span));
      });
    });
  }

  /**
   * The distinct viewers of [from, upTo): the kept list, grown by the hours settled since it was read, or
   * read whole the first time. Callers arriving meanwhile share the same read.
   */
  private viewersUpTo(from: number, upTo: number): Promise<BigInt64Array> {
    const kept = this.settledViewers.get(from);
    if (kept && kept.upTo > upTo) {
      // Asked by a clock behind the list's (a test moving its clock back): read, keep nothing.
      return findViewers(this.deps.db, spanOf(from, upTo));
    }
    this.settledViewers.delete(from); // most recently used last
    if (kept && kept.upTo === upTo) {
      this.settledViewers.set(from, kept);
      return kept.viewers;
    }
    const entry: SettledViewers = {
      upTo,
      viewers: (async () => {
        const previous = await kept?.viewers.catch(() => undefined);
        if (!kept || !previous) return findViewers(this.deps.db, spanOf(from, upTo));
        return mergeSorted(previous, await findViewers(this.deps.db, spanOf(kept.upTo, upTo)));
      })(),
    };
    this.settledViewers.set(from, entry);
    if (this.settledViewers.size > MAX_KEPT_VIEWER_LISTS) {
      this.settledViewers.delete(this.settledViewers.keys().next().value!);
    }
    entry.viewers.catch(() => {
      if (this.settledViewers.get(from) === entry) this.settledViewers.delete(from);
    });
    return entry.viewers;
  }
}
