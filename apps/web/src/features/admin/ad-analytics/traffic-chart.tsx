import type { AdTrafficStat } from '@ovation/shared/schemas/ad-analytics';
import type { AdTrafficGroup } from '@ovation/shared/schemas/ads';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { ChartStatus } from '../lib/chart-status';
import { useNow } from '../lib/use-now';
import { useElementWidth, useUPlot } from '../lib/use-uplot';
import { type CalendarRange, runningPeriodIndex } from './traffic-period';
import type { AdTrafficFormats } from './use-ad-traffic-formats';

/**
 * The two lines on the dark surfaces, each with its own dash and its own scale's colour, so they differ by
 * more than their hue (colour vision deficiencies, a greyscale print).
 */
export const IMPRESSIONS_STYLE = { color: '#f7c04a', dash: [] as number[], fill: 'rgba(247, 192, 74, 0.08)' };
export const CLICKS_STYLE = { color: '#34d399', dash: [8, 4] };
const GRID_COLOR = 'rgba(255, 255, 255, 0.07)';
const AXIS_FONT = '12px ui-sans-serif, system-ui, sans-serif';
/** The tick and the gaps on either side of an axis label, in CSS pixels. */
const AXIS_PADDING = 24;
const CHART_HEIGHT = 280;
const PHONE_CHART_HEIGHT = 220;
/** Below this width the chart is shorter, so the tables stay in reach on a phone. */
const PHONE_WIDTH = 480;
/** Dots on the line while each one can be told apart (a month of days); a line alone beyond. */
const MAX_DOTTED_POINTS = 62;
/** A period's length, to give a single period some room on the time axis. */
const PERIOD_SECONDS: Record<AdTrafficGroup, number> = {
  hour: 3600,
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

interface ChartData {
  times: number[];
  impressions: (number | null)[];
  clicks: (number | null)[];
  /** The running period's segment (from the last whole period to it), drawn dotted: null elsewhere. */
  impressionsSoFar: (number | null)[];
  clicksSoFar: (number | null)[];
}

/** The dash of a period still running: dots, unlike both whole lines, so its drop reads as unfinished. */
export const SO_FAR_DASH = [2, 5];

/**
 * The chart's series. A period still running (`running`, today on a daily chart) leaves the solid lines
 * and is drawn dotted from the period before it, so its partial figures do not read as a sudden drop.
 */
function chartData(stats: readonly AdTrafficStat[], running: number | null): ChartData {
  const inRunning = (index: number) => running !== null && (index === running || index === running - 1);
  const solid = (value: number, index: number) => (index === running ? null : value);
  const soFar = (value: number, index: number) => (inRunning(index) ? value : null);
  const impressions = stats.map((stat) => stat.totalImpressions);
  const clicks = stats.map((stat) => stat.totalClicks);
  return {
    times: stats.map((stat) => Math.floor(Date.parse(stat.start) / 1000)),
    impressions: impressions.map(solid),
    clicks: clicks.map(solid),
    impressionsSoFar: impressions.map(soFar),
    clicksSoFar: clicks.map(soFar),
  };
}

/** The least room between two date ticks: a date in any language ('Mar 12', '١٢ مارس'). */
const X_TICK_SPACE = 80;
/** What the two count axes take of the chart's width, roughly: the room left for the dates. */
const COUNT_AXES_WIDTH = 120;

/**
 * Weeks and months are ticked at their own starts (a Monday, the 1st), as many as fit: a time scale's own
 * ticks would fall between them and repeat a month's name. Hours and days keep the time scale's ticks,
 * which fall on the platform's midnights.
 */
function periodSplits(times: readonly number[], width: number): number[] {
  const room = Math.max(1, Math.floor((width - COUNT_AXES_WIDTH) / X_TICK_SPACE));
  const every = Math.ceil(times.length / room);
  return times.filter((_, index) => index % every === 0);
}

/** A count scale from 0 with a little headroom, never flatter than 0..4. */
function countRange(_chart: uPlot, _min: number, max: number): uPlot.Range.MinMax {
  return [0, Math.max(4, Math.ceil(max * 1.1))];
}

/**
 * A count axis as wide as its longest label ('10,000', '١٠٬٠٠٠'), measured on the canvas: a fixed width
 * cuts long figures in some languages and wastes room in others.
 */
function fitLabels(chart: uPlot, values: string[] | null, axisIndex: number, cycle: number): number {
  const axis = chart.axes[axisIndex] as uPlot.Axis & { _size?: number };
  if (cycle > 1 && axis._size) return axis._size;
  const longest = (values ?? []).reduce(
    (widest, value) => (value.length > widest.length ? value : widest),
    '',
  );
  chart.ctx.font = AXIS_FONT;
  const labelWidth = longest ? chart.ctx.measureText(longest).width : 0;
  return Math.ceil(labelWidth + AXIS_PADDING);
}

function countAxis(formats: AdTrafficFormats, color: string, side: 1 | 3, grid: boolean): uPlot.Axis {
  return {
    scale: side === 3 ? 'impressions' : 'clicks',
    side,
    stroke: color,
    font: AXIS_FONT,
    size: fitLabels,
    grid: { show: grid, stroke: GRID_COLOR, width: 1 },
    ticks: { stroke: GRID_COLOR, width: 1 },
    values: (_chart, splits) => splits.map((value) => (Number.isInteger(value) ? formats.number(value) : '')),
  };
}

function chartOptions(
  data: ChartData,
  groupBy: AdTrafficGroup,
  width: number,
  formats: AdTrafficFormats,
  UPlot: typeof uPlot,
  onCursor: (index: number | null) => void,
): uPlot.Options {
  const span = data.times.length > 1 ? (data.times.at(-1) as number) - (data.times[0] as number) : 0;
  const dotted = data.times.length <= MAX_DOTTED_POINTS;
  return {
    width,
    height: width < PHONE_WIDTH ? PHONE_CHART_HEIGHT : CHART_HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 8 } },
    // Ticks fall on the platform's midnights and month starts, as the periods do.
    tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), formats.timeZone),
    scales: {
      x: {
        time: true,
        range: (_chart, min, max) =>
          min === max ? [min - PERIOD_SECONDS[groupBy] / 2, max + PERIOD_SECONDS[groupBy] / 2] : [min, max],
      },
      impressions: { range: countRange },
      clicks: { range: countRange },
    },
    axes: [
      {
        stroke: '#a89f91',
        font: AXIS_FONT,
        grid: { stroke: GRID_COLOR, width: 1 },
        ticks: { stroke: GRID_COLOR, width: 1 },
        space: X_TICK_SPACE,
        splits: groupBy === 'week' || groupBy === 'month' ? () => periodSplits(data.times, width) : undefined,
        values: (_chart, splits) => splits.map((at) => formats.tick(at, groupBy, span)),
      },
      countAxis(formats, IMPRESSIONS_STYLE.color, 3, true),
      countAxis(formats, CLICKS_STYLE.color, 1, false),
    ],
    series: [
      {},
      {
        scale: 'impressions',
        stroke: IMPRESSIONS_STYLE.color,
        fill: IMPRESSIONS_STYLE.fill,
        width: 2,
        points: { show: dotted, size: 5 },
      },
      {
        scale: 'clicks',
        stroke: CLICKS_STYLE.color,
        dash: CLICKS_STYLE.dash,
        width: 2,
        points: { show: dotted, size: 5 },
      },
      {
        scale: 'impressions',
        stroke: IMPRESSIONS_STYLE.color,
        dash: SO_FAR_DASH,
        width: 2,
        points: { show: true, size: 6, fill: '#15120e' },
      },
      {
        scale: 'clicks',
        stroke: CLICKS_STYLE.color,
        dash: SO_FAR_DASH,
        width: 2,
        points: { show: true, size: 6, fill: '#15120e' },
      },
    ],
    hooks: { setCursor: [(chart) => onCursor(chart.cursor.idx ?? null)] },
  };
}

/**
 * Impressions and clicks per period on two scales (clicks are a few in a hundred impressions: on one
 * scale their line would lie flat). The canvas is a picture for sighted readers, named as one; the Traffic
 * Over Time table below holds every figure it draws. The drawing stays left-to-right in Arabic too, like
 * the integrity screen's chart (time runs that way on clocks and charts there too), while the caption,
 * the readout and the legend follow the page.
 */
export function TrafficChart({
  stats,
  groupBy,
  range,
  formats,
}: {
  stats: readonly AdTrafficStat[];
  groupBy: AdTrafficGroup;
  range: CalendarRange;
  formats: AdTrafficFormats;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const captionId = useId();
  const library = useUPlot();
  const frame = useRef<HTMLDivElement>(null);
  const width = useElementWidth(frame);
  const [cursor, setCursor] = useState<number | null>(null);
  // Checked each minute: today stops being partial at midnight while the screen stays open.
  const now = useNow(60_000);
  const running = runningPeriodIndex(stats, groupBy, now);
  const data = useMemo(() => chartData(stats, running), [stats, running]);

  useEffect(() => {
    const element = frame.current;
    if (library.state !== 'ready' || !element || width === 0 || data.times.length === 0) return;
    const options = chartOptions(data, groupBy, width, formats, library.UPlot, setCursor);
    const chart = new library.UPlot(
      options,
      [data.times, data.impressions, data.clicks, data.impressionsSoFar, data.clicksSoFar],
      element,
    );
    return () => chart.destroy();
  }, [library, width, data, groupBy, formats]);

  const pointed = cursor === null ? undefined : stats[cursor];
  const caption = {
    hour: t('chart.perHour'),
    day: t('chart.perDay'),
    week: t('chart.perWeek'),
    month: t('chart.perMonth'),
  }[groupBy];
  return (
    <figure aria-labelledby={captionId} className="m-0 flex flex-col gap-3">
      <figcaption id={captionId} className="text-sm text-ink-300">
        {caption} {t('chart.scales')}
      </figcaption>
      <div className="min-h-5 text-xs text-ink-300" aria-hidden="true">
        {pointed && (
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <span className="font-semibold text-ink-100">{formats.period(pointed, groupBy, range)}</span>
            <Reading label={t('chart.impressions')} value={formats.number(pointed.totalImpressions)} />
            <Reading label={t('chart.clicks')} value={formats.number(pointed.totalClicks)} clicks />
          </span>
        )}
      </div>
      {/* The drawing: a picture named by its label; its figures are in the Traffic Over Time table. */}
      <div
        role="img"
        aria-label={t('chart.label')}
        dir="ltr"
        className="relative w-full"
        style={{ minHeight: width > 0 && width < PHONE_WIDTH ? PHONE_CHART_HEIGHT : CHART_HEIGHT }}
      >
        <div ref={frame} className="w-full" onPointerLeave={() => setCursor(null)} />
        <ChartStatus library={library} loading={t('chart.loading')} unavailable={t('chart.unavailable')} />
      </div>
      <ChartLegend running={running === null ? null : groupBy} />
    </figure>
  );
}

/** A line's sample, drawn as the chart draws it (colour and dash; dotted for a period still running). */
function LineSample({ clicks = false, soFar = false }: { clicks?: boolean; soFar?: boolean }) {
  const style = clicks ? CLICKS_STYLE : IMPRESSIONS_STYLE;
  const dash = soFar ? SO_FAR_DASH : style.dash;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 8" className="h-2 w-6 shrink-0">
      <line
        x1="0"
        y1="4"
        x2="24"
        y2="4"
        stroke={style.color}
        strokeWidth="2.5"
        strokeDasharray={dash.join(' ') || undefined}
      />
    </svg>
  );
}

function Reading({ label, value, clicks = false }: { label: string; value: string; clicks?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <LineSample clicks={clicks} />
      {label}
      <span className="font-semibold text-ink-100 tabular-nums">{value}</span>
    </span>
  );
}

/** The two lines, and when the last period is still running, what its dotted end means. */
function ChartLegend({ running }: { running: AdTrafficGroup | null }) {
  const { t } = useTranslation('admin-ad-analytics');
  return (
    <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-200">
      <li className="inline-flex items-center gap-2">
        <LineSample />
        {t('chart.impressions')}
      </li>
      <li className="inline-flex items-center gap-2">
        <LineSample clicks />
        {t('chart.clicks')}
      </li>
      {running && (
        <li className="inline-flex items-center gap-2" data-testid="chart-partial">
          <span className="inline-flex flex-col gap-0.5">
            <LineSample soFar />
            <LineSample clicks soFar />
          </span>
          {t(`chart.partial.${running}`)}
        </li>
      )}
    </ul>
  );
}
