/**
 * The server's clock, as seen from this device. Phone clocks are often minutes off, and the voting window
 * opens and closes on the server's clock: every answer that carries the server's time is a sample of the
 * difference, and the interface reads the time as `serverClock.now()`.
 */

/** One exchange with the server, in device-clock milliseconds, and the time the server wrote in its answer. */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverTime: number;
}

interface MeasuredSample extends ClockSample {
  /** Server time minus device time. */
  offset: number;
  roundTrip: number;
}

/** 10 minutes: older samples are dropped, as the device clock drifts and the system may correct it. */
export const SAMPLE_MAX_AGE_MS = 10 * 60_000;
/** A handful of recent exchanges is enough to find one with a short round trip. */
export const MAX_SAMPLES = 8;
/**
 * 1 s: when a new sample disagrees with the kept ones by more than their round trips explain plus this
 * margin, the device clock itself was changed (by its owner or a time sync): the old samples are wrong now.
 */
export const CLOCK_JUMP_TOLERANCE_MS = 1000;

/**
 * The offset one exchange gives. The server wrote its time somewhere between sending and receiving; taking
 * the middle of the round trip, the error is at most half the round trip.
 */
export function measureSample(sample: ClockSample): MeasuredSample | null {
  const { sentAt, receivedAt, serverTime } = sample;
  if (![sentAt, receivedAt, serverTime].every(Number.isFinite)) return null;
  const roundTrip = receivedAt - sentAt;
  if (roundTrip < 0) return null;
  return { ...sample, roundTrip, offset: serverTime + roundTrip / 2 - receivedAt };
}

/** The network side of one exchange, as Resource Timing reports it (performance-timeline milliseconds). */
export interface NetworkTiming {
  requestStart: number;
  responseStart: number;
}

/**
 * Narrows an exchange to the moments the request left and the answer's first byte came, from the browser's
 * Resource Timing, when it has them. Around a page load the call may wait in the browser's queue behind
 * scripts and images before it is even sent: counted in the round trip, that wait would put the server's
 * stamp off the middle and the clock off by seconds. `devicePerfNow` pairs the device clock with the
 * performance timeline at one instant, to convert between them.
 */
export function narrowSample(
  sample: ClockSample,
  timing: NetworkTiming | null,
  devicePerfNow: { device: number; perf: number },
): ClockSample {
  // requestStart is 0 when the browser withholds the detail (another origin without Timing-Allow-Origin).
  if (!timing || timing.requestStart <= 0 || timing.responseStart < timing.requestStart) return sample;
  const deviceAt = (perf: number) => devicePerfNow.device - (devicePerfNow.perf - perf);
  const sentAt = deviceAt(timing.requestStart);
  const receivedAt = deviceAt(timing.responseStart);
  // Sanity: the narrowed exchange lies inside the measured one.
  if (sentAt < sample.sentAt - 1 || receivedAt > sample.receivedAt + 1) return sample;
  return { ...sample, sentAt, receivedAt };
}

/** The Resource Timing of the last call to a URL ending in `pathEnd` that started after `since`, if any. */
export function findNetworkTiming(pathEnd: string, since: number): NetworkTiming | null {
  if (typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function') return null;
  const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!;
    if (entry.startTime < since) break;
    if (new URL(entry.name).pathname.endsWith(pathEnd))
      return { requestStart: entry.requestStart, responseStart: entry.responseStart };
  }
  return null;
}

/** Of the recent samples, the offset of the one with the shortest round trip (the smallest error); else 0. */
export function bestOffset(samples: readonly MeasuredSample[]): number {
  let best: MeasuredSample | undefined;
  for (const sample of samples) if (!best || sample.roundTrip < best.roundTrip) best = sample;
  return best?.offset ?? 0;
}

export interface ServerClock {
  /** Adds the timing of one answer that carried the server's time. */
  record(sample: ClockSample): void;
  /** Server time minus device time, in milliseconds (0 until the first answer). */
  offset(): number;
  /** The server's time now, in milliseconds since the epoch. */
  now(): number;
  /** Forgets every sample (tests). */
  reset(): void;
}

export function createServerClock(readDeviceTime: () => number = Date.now): ServerClock {
  let samples: MeasuredSample[] = [];
  const fresh = () => {
    const oldest = readDeviceTime() - SAMPLE_MAX_AGE_MS;
    samples = samples.filter((sample) => sample.receivedAt >= oldest);
    return samples;
  };
  const offset = () => bestOffset(fresh());
  return {
    record(sample) {
      const measured = measureSample(sample);
      if (!measured) return;
      const kept = fresh();
      const jumped = kept.some(
        (old) =>
          Math.abs(old.offset - measured.offset) >
          (old.roundTrip + measured.roundTrip) / 2 + CLOCK_JUMP_TOLERANCE_MS,
      );
      samples = jumped ? [measured] : [...kept, measured].slice(-MAX_SAMPLES);
    },
    offset,
    now: () => readDeviceTime() + offset(),
    reset() {
      samples = [];
    },
  };
}

/** The app's one server clock, fed by the voting status call (its `serverTime`). */
export const serverClock = createServerClock();
