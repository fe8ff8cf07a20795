import type { VelocitySeries, VoteFilter } from './api';

/**
 * Above this many minutes the chart does not fill the quiet minutes with zeros (a long 'all' window):
 * it joins the minutes that had votes, which keeps the canvas light.
 */
export const MAX_FILLED_BUCKETS = 20_000;

/** A spike's minute (ISO 8601) in epoch seconds, as the series' points count time. */
export function spikeSeconds(at: string): number {
  return Math.floor(Date.parse(at) / 1000);
}

/**
 * How long a spike lasts: the server judges each song minute by minute (a spike is 'a minute whose votes
 * stand far above the song's previous half hour'), whatever the width of the chart's buckets, which grow
 * on long windows.
 */
export const SPIKE_SECONDS = 60;

/**
 * The votes behind a spike: the song's votes in that minute, every state (as the spike counted them).
 * `from` and `to` are both inclusive to the millisecond (VoteFilter), so `to` is the minute's last one.
 */
export function spikeFilter(songId: string, atSeconds: number): VoteFilter {
  const from = atSeconds * 1000;
  return {
    songId,
    from: new Date(from).toISOString(),
    to: new Date(from + SPIKE_SECONDS * 1000 - 1).toISOString(),
  };
}

export interface AlignedVelocity {
  /** Every bucket's start (epoch seconds), ascending. */
  times: number[];
  /** Per series, votes in each bucket of `times`. */
  values: number[][];
  /** Per series, the indices of `times` that are spikes. */
  spikeIndices: number[][];
}

/**
 * The series on one time axis, as a chart library wants them: a bucket for every minute between the
 * first and the last vote (zeros where a song had none), or only the minutes with votes when that span
 * is too long; each spike found on that axis.
 */
export function alignVelocity(series: readonly VelocitySeries[], bucketSeconds: number): AlignedVelocity {
  const seen = new Set<number>();
  for (const song of series) for (const [at] of song.points) seen.add(at);
  for (const song of series) for (const spike of song.spikes) seen.add(spikeSeconds(spike.at));
  if (seen.size === 0) return { times: [], values: series.map(() => []), spikeIndices: series.map(() => []) };
  const sorted = [...seen].sort((a, b) => a - b);
  const first = sorted[0] as number;
  const last = sorted[sorted.length - 1] as number;
  const step = Math.max(1, bucketSeconds);
  const buckets = Math.floor((last - first) / step) + 1;
  const times =
    buckets <= MAX_FILLED_BUCKETS && sorted.every((at) => (at - first) % step === 0)
      ? Array.from({ length: buckets }, (_, index) => first + index * step)
      : sorted;
  const position = new Map(times.map((at, index) => [at, index]));
  const values = series.map((song) => {
    const row = new Array<number>(times.length).fill(0);
    for (const [at, votes] of song.points) {
      const index = position.get(at);
      if (index !== undefined) row[index] = votes;
    }
    return row;
  });
  const spikeIndices = series.map((song) =>
    song.spikes
      .map((spike) => position.get(spikeSeconds(spike.at)))
      .filter((index): index is number => index !== undefined),
  );
  return { times, values, spikeIndices };
}

/** A song's votes in the window and its busiest minute. */
export function seriesSummary(song: VelocitySeries): { votes: number; peak: number } {
  let votes = 0;
  let peak = 0;
  for (const [, count] of song.points) {
    votes += count;
    if (count > peak) peak = count;
  }
  return { votes, peak };
}
