import { type CSSProperties, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { isolate } from '../../../lib/bidi';
import { ChartStatus } from '../lib/chart-status';
import { useElementWidth, useUPlot } from '../lib/use-uplot';
import type { VelocitySeries } from './api';
import type { Formats } from './use-formats';
import { alignVelocity, seriesSummary } from './velocity-data';

/**
 * Line colours on the dark surfaces (the app has one theme), each with its own dash, so two songs differ
 * by more than their hue (colour vision deficiencies, a greyscale print).
 */
const SERIES_STYLES: readonly { color: string; dash: number[] }[] = [
  { color: '#f7c04a', dash: [] },
  { color: '#34d399', dash: [8, 4] },
  { color: '#7dd3fc', dash: [2, 3] },
  { color: '#ff7f5c', dash: [12, 4, 2, 4] },
  { color: '#c4b5fd', dash: [] },
  { color: '#f9a8d4', dash: [8, 4] },
  { color: '#bef264', dash: [2, 3] },
  { color: '#fdba74', dash: [12, 4, 2, 4] },
];
const AXIS_COLOR = '#a89f91';
const GRID_COLOR = 'rgba(255, 255, 255, 0.07)';
const CHART_HEIGHT = 260;
const AXIS_FONT = '12px ui-sans-serif, system-ui, sans-serif';

export function seriesStyle(index: number) {
  return SERIES_STYLES[index % SERIES_STYLES.length] as { color: string; dash: number[] };
}

/** A song as the legend and the spikes name it: 'Title — Artist', each isolated in the sentence. */
export function useSongName() {
  const { t } = useTranslation('admin-integrity');
  return (song: { title: string; artist: string }) =>
    t('velocity.spikeSong', { title: isolate(song.title), artist: isolate(song.artist) });
}

/** A bucket's length in words: 'minute', '10 minutes', 'hour', '6 hours'. */
export function useBucketName(bucketSeconds: number): string {
  const { t } = useTranslation('admin-integrity');
  if (bucketSeconds === 60) return t('velocity.minute');
  if (bucketSeconds === 3600) return t('velocity.hour');
  if (bucketSeconds % 3600 === 0) return t('velocity.hours', { count: bucketSeconds / 3600 });
  return t('velocity.minutes', { count: Math.max(1, Math.round(bucketSeconds / 60)) });
}

/**
 * Votes per minute per song, with each spike ringed. The canvas is a picture for sighted readers: the
 * figure's caption says what it shows, the legend below names every song with its total and busiest
 * minute, and the spikes are listed in words, so nothing is only in the drawing. The drawing stays
 * left-to-right in Arabic too (time runs that way on every clock face and chart), while the text around it
 * follows the page.
 */
export function VelocityChart({
  series,
  bucketSeconds,
  formats,
}: {
  series: readonly VelocitySeries[];
  bucketSeconds: number;
  formats: Formats;
}) {
  const { t } = useTranslation('admin-integrity');
  const bucketName = useBucketName(bucketSeconds);
  const captionId = useId();
  const library = useUPlot();
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const [cursor, setCursor] = useState<number | null>(null);
  const aligned = useMemo(() => alignVelocity(series, bucketSeconds), [series, bucketSeconds]);
  const span = aligned.times.length > 1 ? (aligned.times.at(-1) as number) - (aligned.times[0] as number) : 0;

  useEffect(() => {
    const element = frame.current;
    if (library.state !== 'ready' || !element || width === 0 || aligned.times.length === 0) return;
    const { UPlot } = library;
    const options: uPlot.Options = {
      width,
      height: CHART_HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
      axes: [
        {
          stroke: AXIS_COLOR,
          font: AXIS_FONT,
          grid: { stroke: GRID_COLOR, width: 1 },
          ticks: { stroke: GRID_COLOR, width: 1 },
          // Room for a time in any language ('12:45 AM', '١٢:٤٥ ص') between two ticks.
          space: 90,
          values: (_u, splits) => splits.map((at) => formats.tick(at, span)),
        },
        {
          stroke: AXIS_COLOR,
          font: AXIS_FONT,
          size: 44,
          grid: { stroke: GRID_COLOR, width: 1 },
          ticks: { stroke: GRID_COLOR, width: 1 },
          values: (_u, splits) =>
            splits.map((value) => (Number.isInteger(value) ? formats.number(value) : '')),
        },
      ],
      series: [
        {},
        ...series.map((song, index) => {
          const style = seriesStyle(index);
          const spikes = aligned.spikeIndices[index] ?? [];
          return {
            label: song.title,
            stroke: style.color,
            dash: style.dash,
            width: 2,
            points: {
              show: true,
              size: 12,
              width: 2.5,
              stroke: style.color,
              fill: '#15120e',
              filter: () => spikes,
            },
          } satisfies uPlot.Series;
        }),
      ],
      hooks: {
        setCursor: [(chart) => setCursor(chart.cursor.idx ?? null)],
      },
    };
    const chart = new UPlot(options, [aligned.times, ...aligned.values] as uPlot.AlignedData, element);
    return () => chart.destroy();
  }, [library, width, aligned, series, formats, span]);

  const at = cursor === null ? undefined : aligned.times[cursor];
  return (
    <figure aria-labelledby={captionId} className="m-0 flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-ink-300">
        {t('velocity.caption', { bucket: bucketName })}
      </figcaption>
      <div className="min-h-6 text-xs text-ink-300" aria-hidden="true" dir="auto">
        {at !== undefined && (
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <span className="font-semibold text-ink-100">
              {t('velocity.cursorTime', { time: formats.minute(at, span) })}
            </span>
            {series.map((song, index) => (
              <span key={song.songId} className="inline-flex items-center gap-1.5">
                <span
                  className="inline-block size-2.5 rounded-full"
                  style={{ backgroundColor: seriesStyle(index).color }}
                />
                <bdi className="max-w-40 truncate" title={song.title}>
                  {song.title}
                </bdi>
                <span className="tabular-nums text-ink-100">
                  {formats.number(aligned.values[index]?.[cursor as number] ?? 0)}
                </span>
              </span>
            ))}
          </span>
        )}
      </div>
      {/* The drawing: a picture named by the figure; its content is in the legend and the spike list. */}
      <div
        role="img"
        aria-label={t('velocity.chartLabel', { count: series.length })}
        dir="ltr"
        className="relative w-full"
        style={{ minHeight: CHART_HEIGHT } as CSSProperties}
      >
        <div ref={frame} className="w-full" onPointerLeave={() => setCursor(null)} />
        <ChartStatus
          library={library}
          loading={t('velocity.loadingChart')}
          unavailable={t('velocity.chartUnavailable')}
        />
      </div>
      <VelocityLegend series={series} formats={formats} bucketName={bucketName} />
    </figure>
  );
}

/** Every song in the chart: its line's look, its name, votes in the window and busiest minute. */
function VelocityLegend({
  series,
  formats,
  bucketName,
}: {
  series: readonly VelocitySeries[];
  formats: Formats;
  bucketName: string;
}) {
  const { t } = useTranslation('admin-integrity');
  const songName = useSongName();
  return (
    <ul aria-label={t('velocity.legend')} className="grid gap-2 text-sm sm:grid-cols-2">
      {series.map((song, index) => {
        const style = seriesStyle(index);
        const summary = seriesSummary(song);
        return (
          <li key={song.songId} className="flex min-w-0 items-start gap-2">
            <svg aria-hidden="true" viewBox="0 0 24 8" className="mt-2 h-2 w-6 shrink-0">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={style.color}
                strokeWidth="2.5"
                strokeDasharray={style.dash.join(' ') || undefined}
              />
            </svg>
            <span className="min-w-0">
              <span className="block font-semibold break-words text-ink-100">{songName(song)}</span>
              <span className="block text-xs text-ink-400">
                {t('velocity.songSummary', {
                  count: summary.votes,
                  peak: formats.number(summary.peak),
                  bucket: bucketName,
                })}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
