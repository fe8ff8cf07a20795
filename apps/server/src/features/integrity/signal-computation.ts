import type { IntegritySignals, SignalWindow, VoteCluster } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { findClusters } from './signal-clusters';
import { findSongLabels, readMinuteFigures, readSeriesPoints, type SongLabel } from './signal-repository';
import {
  MAX_CLUSTERS,
  MAX_SERIES_POINTS,
  MAX_SPIKES_PER_SERIES,
  MAX_SPIKING_SERIES,
  REFERENCE_MIN_MS,
  SERIES_BUCKETS_SECONDS,
  SPIKE_BASELINE_MINUTES,
  SPIKE_MIN_RATIO,
  SPIKE_MIN_VOTES,
  SPIKE_SIGMAS,
  TOP_SERIES,
  WINDOW_DURATIONS_MS,
} from './signal-rules';

export interface Spike {
  at: Date;
  votes: number;
  baseline: number;
}

/** Everything the signals of one window need, for every category at once; a scope is a view of it. */
export interface WindowSignals {
  from: Date;
  to: Date;
  bucketSeconds: number;
  labels: Map<string, SongLabel>;
  totals: Map<string, number>;
  spikes: Map<string, Spike[]>;
  /** Votes per bucket start (epoch seconds) of the songs any scope draws. */
  points: Map<string, Map<number, number>>;
  clusters: VoteCluster[];
  /** Each scope's answer, serialised once per computation (a day's series is thousands of points). */
  answers: Map<string, string>;
}

/** The narrowest bucket that keeps a series under MAX_SERIES_POINTS points. */
function bucketSecondsFor(spanMs: number): number {
  const seconds = spanMs / 1000;
  return (
    SERIES_BUCKETS_SECONDS.find((bucket) => seconds / bucket <= MAX_SERIES_POINTS) ??
    SERIES_BUCKETS_SECONDS.at(-1)!
  );
}

interface WindowSpec {
  window: SignalWindow;
  from: Date;
  to: Date;
  bucketSeconds: number;
}

/** A window's range ending `now`, its start on a bucket boundary so the first point covers a whole bucket. */
function windowSpec(window: SignalWindow, now: Date, firstVoteAt: Date | null): WindowSpec {
  const spanMs =
    window === 'all'
      ? Math.max(0, now.getTime() - (firstVoteAt ?? now).getTime())
      : WINDOW_DURATIONS_MS[window];
  const bucketSeconds = bucketSecondsFor(spanMs);
  const bucketMs = bucketSeconds * 1000;
  const from = new Date(Math.floor((now.getTime() - spanMs) / bucketMs) * bucketMs);
  return { window, from, to: now, bucketSeconds };
}

/** Songs of a scope (one category or all), most voted first, ties by title. */
function rankedSongs(labels: Map<string, SongLabel>, totals: Map<string, number>, categoryId: string | null) {
  return [...totals]
    .map(([songId, votes]) => ({ song: labels.get(songId), votes }))
    .filter(
      (entry): entry is { song: SongLabel; votes: number } =>
        entry.song !== undefined &&
        entry.votes > 0 &&
        (categoryId === null || entry.song.categoryId === categoryId),
    )
    .sort((a, b) => b.votes - a.votes || a.song.title.localeCompare(b.song.title));
}

/** The songs a scope draws: its top songs, then its songs with the strongest spikes. */
function seriesSongsOf(
  signals: Pick<WindowSignals, 'labels' | 'totals' | 'spikes'>,
  categoryId: string | null,
): string[] {
  const ranked = rankedSongs(signals.labels, signals.totals, categoryId);
  const chosen = ranked.slice(0, TOP_SERIES).map((entry) => entry.song.id);
  const spiking = ranked
    .filter((entry) => signals.spikes.has(entry.song.id) && !chosen.includes(entry.song.id))
    .map((entry) => ({
      songId: entry.song.id,
      strongest: Math.max(...signals.spikes.get(entry.song.id)!.map((spike) => spike.votes)),
    }))
    .sort((a, b) => b.strongest - a.strongest)
    .slice(0, MAX_SPIKING_SERIES)
    .map((entry) => entry.songId);
  return [...chosen, ...spiking];
}

/**
 * Computes the signals of several windows ending `now`, for every category, from one reading of the
 * votes of the widest: votes per minute and spikes, each window's totals and reference, the clusters,
 * and the series points of every song some scope draws. The few passes over the votes run side by side.
 */
export async function computeSignalGroup(
  db: Database,
  windows: SignalWindow[],
  now: Date,
  firstVoteAt: Date | null,
): Promise<Map<SignalWindow, WindowSignals>> {
  const specs = windows.map((window) => windowSpec(window, now, firstVoteAt));
  // The clusters' reference: a window widened to at least 7 days (signal-rules.ts).
  const referenceFrom = (spec: WindowSpec) =>
    new Date(Math.min(spec.from.getTime(), now.getTime() - REFERENCE_MIN_MS));
  const cuts = [...specs.map((spec) => spec.from), ...specs.map(referenceFrom)];
  const range = { from: new Date(Math.min(...cuts.map((cut) => cut.getTime()))), to: now };
  const minutes = await readMinuteFigures(
    db,
    { ...range, cuts },
    {
      baselineMinutes: SPIKE_BASELINE_MINUTES,
      minVotes: SPIKE_MIN_VOTES,
      minRatio: SPIKE_MIN_RATIO,
      sigmas: SPIKE_SIGMAS,
    },
  );
  const labels = await findSongLabels(db, [...minutes.totals.keys()]);
  const totalsSince = (cut: number) =>
    new Map([...minutes.totals].map(([songId, counts]) => [songId, counts[cut]!]));
  const perWindow = specs.map((spec, index) => {
    const totals = totalsSince(index);
    const bySong = totalsSince(specs.length + index);
    const byCategory = new Map<string, number>();
    for (const [songId, votes] of bySong) {
      const categoryId = labels.get(songId)?.categoryId;
      if (categoryId) byCategory.set(categoryId, (byCategory.get(categoryId) ?? 0) + votes);
    }
    const spikes = new Map<string, Spike[]>();
    for (const spike of minutes.spikes) {
      if (spike.at < spec.from) continue;
      const list = spikes.get(spike.songId) ?? [];
      list.push({ at: spike.at, votes: spike.votes, baseline: spike.baseline });
      spikes.set(spike.songId, list);
    }
    const scopes = [null, ...new Set([...labels.values()].map((song) => song.categoryId))];
    const drawn = new Set(
      scopes.flatMap((categoryId) => seriesSongsOf({ labels, totals, spikes }, categoryId)),
    );
    return { spec, totals, reference: { bySong, byCategory }, spikes, drawn };
  });

  // Windows of one bucket width share one reading of their drawn songs' votes.
  const bucketWidths = [...new Set(specs.map((spec) => spec.bucketSeconds))];
  const pointReadings = bucketWidths.map(async (bucketSeconds) => {
    const sharing = perWindow.filter((entry) => entry.spec.bucketSeconds === bucketSeconds);
    const songIds = [...new Set(sharing.flatMap((entry) => [...entry.drawn]))];
    const from = new Date(Math.min(...sharing.map((entry) => entry.spec.from.getTime())));
    const rows = await readSeriesPoints(db, songIds, { from, to: now }, bucketSeconds);
    const points = new Map<string, Map<number, number>>();
    for (const row of rows) {
      const series = points.get(row.songId) ?? new Map<number, number>();
      series.set(row.bucket, row.votes);
      points.set(row.songId, series);
    }
    return [bucketSeconds, points] as const;
  });
  const [pointsByWidth, clustersByWindow] = await Promise.all([
    Promise.all(pointReadings).then((entries) => new Map(entries)),
    findClusters(
      db,
      range,
      perWindow.map((entry) => ({ ...entry.spec, reference: entry.reference, songTotals: entry.totals })),
      async (songIds) => {
        const missing = songIds.filter((id) => !labels.has(id));
        if (missing.length > 0)
          for (const [id, label] of await findSongLabels(db, missing)) labels.set(id, label);
        return labels;
      },
    ),
  ]);
  return new Map(
    perWindow.map((entry, index) => [
      entry.spec.window,
      {
        from: entry.spec.from,
        to: entry.spec.to,
        bucketSeconds: entry.spec.bucketSeconds,
        labels,
        totals: entry.totals,
        spikes: entry.spikes,
        points: pointsByWidth.get(entry.spec.bucketSeconds)!,
        clusters: clustersByWindow[index]!,
        answers: new Map(),
      },
    ]),
  );
}

/** One scope's answer out of its window's signals. */
export function viewOf(signals: WindowSignals, categoryId: string | null): IntegritySignals {
  const bucketMs = signals.bucketSeconds * 1000;
  const firstBucket = Math.floor(signals.from.getTime() / bucketMs);
  const lastBucket = Math.floor((signals.to.getTime() - 1) / bucketMs);
  const series = seriesSongsOf(signals, categoryId).map((songId) => {
    const song = signals.labels.get(songId)!;
    const counts = signals.points.get(songId);
    const points: Array<[number, number]> = [];
    for (let bucket = firstBucket; bucket <= lastBucket; bucket++) {
      const start = (bucket * bucketMs) / 1000;
      points.push([start, counts?.get(start) ?? 0]);
    }
    const spikes = [...(signals.spikes.get(songId) ?? [])]
      .sort((a, b) => b.votes - a.votes)
      .slice(0, MAX_SPIKES_PER_SERIES)
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((spike) => ({ at: spike.at.toISOString(), votes: spike.votes, baseline: spike.baseline }));
    return {
      songId,
      title: song.title,
      artist: song.artist,
      categoryId: song.categoryId,
      points,
      spikes,
    };
  });
  return {
    window: { from: signals.from.toISOString(), to: signals.to.toISOString() },
    categoryId,
    velocity: { bucketSeconds: signals.bucketSeconds, series },
    clusters: signals.clusters
      .filter((cluster) => categoryId === null || cluster.categoryId === categoryId)
      .slice(0, MAX_CLUSTERS),
  };
}
