import type { SignalWindow } from '@ovation/shared';

/*
 * The thresholds of the fraud-review signals, in one place. A signal is a lead for a person to review,
 * never a verdict: shared carrier networks are normal in Africa (a mobile operator puts thousands of
 * people behind one /24, and one popular phone and browser give thousands the same device signature), so
 * no rule below fires on a crowd alone. Each needs a crowd concentrated on one song far beyond that
 * song's share of everybody else's votes.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The windows the screen offers, as durations; 'all' starts at the first vote. */
export const WINDOW_DURATIONS_MS: Record<Exclude<SignalWindow, 'all'>, number> = {
  '1h': HOUR_MS,
  '6h': 6 * HOUR_MS,
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
};

/**
 * At most this many points per series: a chart 1,440 buckets wide is a day by the minute, finer than any
 * screen draws; longer windows use wider buckets (below) so the answer stays small.
 */
export const MAX_SERIES_POINTS = 1440;
/** Bucket widths in seconds the series may use, the narrowest that keeps the points under the cap wins. */
export const SERIES_BUCKETS_SECONDS = [60, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];

/** Velocity: each minute is judged against the same song's previous half hour. */
export const SPIKE_BASELINE_MINUTES = 30;
/** Fewer votes than this in a minute is never a spike: a quiet song going from 0 to 3 is noise. */
export const SPIKE_MIN_VOTES = 5;
/** A spike is at least twice the song's mean minute: a busy song's ordinary jitter is not one. */
export const SPIKE_MIN_RATIO = 2;
/** ... and more than 4 standard deviations above that mean (about 1 in 30,000 under steady voting). */
export const SPIKE_SIGMAS = 4;
/** The series drawn: the top songs of the scope by votes in the window, plus this many spiking songs. */
export const TOP_SERIES = 5;
export const MAX_SPIKING_SERIES = 3;
/** The strongest spikes listed per series: enough to mark the chart, small enough to read. */
export const MAX_SPIKES_PER_SERIES = 20;

/**
 * Clusters look at spans of 15 minutes, stepped every 7.5 (two consecutive half-bins), so a burst of up
 * to 7.5 minutes always falls whole in one span; flagged spans of one key and song that touch are merged.
 */
export const CLUSTER_HALF_BIN_SECONDS = 450;
/**
 * A cluster is at least 15 votes from at least 15 accounts: fewer is within what one family or one
 * office sharing a router does on a good day.
 */
export const MIN_CLUSTER_VOTES = 15;
export const MIN_CLUSTER_ACCOUNTS = 15;
/**
 * Concentration: the group's share of its votes (in that category and span) going to the song must close
 * at least half of the gap between the song's reference share and 100%. A song everybody votes for at
 * 40% must reach 70% within the group; a song at 5% must reach 52.5%.
 */
export const CONCENTRATION_EXCESS = 0.5;
/**
 * ... and be at least 4 standard deviations above what the reference share predicts for that many votes
 * (binomial): a big carrier whose users simply like the favourite never gets there by chance.
 */
export const CONCENTRATION_SIGMAS = 4;
/**
 * The reference share of a song: its share of its category's votes cast by everybody else (the group's
 * own votes left out) over the window widened to at least 7 days, so a quiet day still gives one.
 */
export const REFERENCE_MIN_MS = 7 * 24 * HOUR_MS;
/**
 * With fewer than 50 other votes in the category, 'everybody else' says nothing: the reference then keeps
 * the group's own votes (a group that is most of the electorate is the electorate, not a cluster).
 */
export const MIN_REFERENCE_VOTES = 50;
/** Registration bursts: a vote within 10 minutes of verifying the e-mail counts as voting at once. */
export const QUICK_VOTE_MINUTES = 10;
/** Clusters listed per answer, largest first: a screen of leads, not a dump. */
export const MAX_CLUSTERS = 25;

/**
 * Signals are computed for every category at once, the windows up to 7 days together from one reading
 * of the week's votes (signal-service.ts), and kept: fresh for 15 s, then still answered (while one
 * recomputation runs in the background) for up to 5 minutes; each scope's answer is serialised once per
 * computation. On a benchmark-sized database (half a million votes in the week, votes still being cast,
 * two cores) one computation takes about 2 to 3 s; every answer but the very first is then a few
 * milliseconds, far under the 500 ms p99 target. After a vote review changes votes the kept signals are
 * dropped at once (forgetIntegritySignals), so a cluster's valid votes are never shown from before.
 */
export const SIGNALS_FRESH_MS = 15_000;
export const SIGNALS_STALE_MS = 5 * MINUTE_MS;
