import { describe, expect, it } from 'vitest';
import {
  bestOffset,
  CLOCK_JUMP_TOLERANCE_MS,
  createServerClock,
  MAX_SAMPLES,
  measureSample,
  narrowSample,
  SAMPLE_MAX_AGE_MS,
} from './server-clock';

/** A device clock the test moves by hand. */
function deviceClock(start: number) {
  let now = start;
  return {
    read: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const T0 = Date.parse('2026-03-01T12:00:00Z');

describe('measureSample', () => {
  it('takes the server time as stamped half-way through the round trip', () => {
    // Sent at 0, answered at 200 ms; the server said T0 + 30 s + 100 ms: the device is 30 s behind.
    const sample = measureSample({ sentAt: T0, receivedAt: T0 + 200, serverTime: T0 + 30_100 });
    expect(sample).toMatchObject({ roundTrip: 200, offset: 30_000 });
  });

  it('gives a negative offset for a device clock that runs ahead', () => {
    const sample = measureSample({ sentAt: T0, receivedAt: T0 + 50, serverTime: T0 - 90_000 + 25 });
    expect(sample?.offset).toBe(-90_000);
  });

  it('refuses impossible or unreadable samples', () => {
    expect(measureSample({ sentAt: T0, receivedAt: T0 - 1, serverTime: T0 })).toBeNull();
    expect(measureSample({ sentAt: T0, receivedAt: T0 + 10, serverTime: Number.NaN })).toBeNull();
  });
});

describe('narrowSample', () => {
  // The call waited 1.9 s in the browser's queue (a page load), then took 100 ms on the network.
  const coarse = { sentAt: T0, receivedAt: T0 + 2000, serverTime: T0 + 1950 };
  // The performance timeline started 10 s before T0: perf time p is device time T0 - 10 000 + p.
  const clockPair = { device: T0 + 2000, perf: 12_000 };

  it("keeps only the network's part of the round trip, so the server's stamp sits in its middle", () => {
    const narrowed = narrowSample(coarse, { requestStart: 11_900, responseStart: 12_000 }, clockPair);
    expect(narrowed).toEqual({ sentAt: T0 + 1900, receivedAt: T0 + 2000, serverTime: T0 + 1950 });
    expect(measureSample(narrowed)?.offset).toBe(0);
    // Taken as it was, the time in the queue would have put the server 950 ms ahead: voting opened early.
    expect(measureSample(coarse)?.offset).toBe(950);
  });

  it('keeps the sample when the browser gives no timing, or one that does not fit inside it', () => {
    expect(narrowSample(coarse, null, clockPair)).toBe(coarse);
    expect(narrowSample(coarse, { requestStart: 0, responseStart: 0 }, clockPair)).toBe(coarse);
    expect(narrowSample(coarse, { requestStart: 5000, responseStart: 5100 }, clockPair)).toBe(coarse);
  });
});

describe('bestOffset', () => {
  it('trusts the sample with the shortest round trip, whose error is the smallest', () => {
    const slow = measureSample({ sentAt: T0, receivedAt: T0 + 2000, serverTime: T0 + 5000 })!;
    const fast = measureSample({ sentAt: T0, receivedAt: T0 + 40, serverTime: T0 + 4020 })!;
    expect(bestOffset([slow, fast])).toBe(4000);
    expect(bestOffset([fast, slow])).toBe(4000);
  });

  it('is zero with no sample', () => {
    expect(bestOffset([])).toBe(0);
  });
});

describe('createServerClock', () => {
  it("reads the device's time until the server has answered", () => {
    const device = deviceClock(T0);
    const clock = createServerClock(device.read);
    expect(clock.offset()).toBe(0);
    expect(clock.now()).toBe(T0);
  });

  it("moves on with the device's clock after a sample, corrected by the offset", () => {
    const device = deviceClock(T0);
    const clock = createServerClock(device.read);
    clock.record({ sentAt: T0, receivedAt: T0 + 100, serverTime: T0 + 45_050 });
    expect(clock.offset()).toBe(45_000);
    device.advance(10_000);
    expect(clock.now()).toBe(T0 + 10_000 + 45_000);
  });

  it('keeps the best of the recent samples and forgets the old ones', () => {
    const device = deviceClock(T0);
    const clock = createServerClock(device.read);
    clock.record({ sentAt: T0, receivedAt: T0 + 20, serverTime: T0 + 1010 });
    device.advance(1000);
    clock.record({ sentAt: T0 + 600, receivedAt: T0 + 1000, serverTime: T0 + 1000 + 1200 });
    expect(clock.offset()).toBe(1000);
    // The short exchange is now too old: the slower, more recent one is what is left.
    device.advance(SAMPLE_MAX_AGE_MS - 500);
    expect(clock.offset()).toBe(1400);
    device.advance(1000);
    expect(clock.offset()).toBe(0);
  });

  it('keeps at most MAX_SAMPLES samples', () => {
    const device = deviceClock(T0);
    const clock = createServerClock(device.read);
    // The best sample first, then MAX_SAMPLES slower ones push it out.
    clock.record({ sentAt: T0, receivedAt: T0 + 2, serverTime: T0 + 501 });
    for (let index = 0; index < MAX_SAMPLES; index += 1) {
      device.advance(10);
      const sentAt = device.read() - 100;
      clock.record({ sentAt, receivedAt: device.read(), serverTime: device.read() - 50 + 600 });
    }
    expect(clock.offset()).toBe(600);
  });

  it('starts over when the device clock was changed in between', () => {
    const device = deviceClock(T0);
    const clock = createServerClock(device.read);
    clock.record({ sentAt: T0, receivedAt: T0 + 10, serverTime: T0 + 5 });
    expect(clock.offset()).toBe(0);
    // The owner sets the phone an hour back: the server now looks an hour ahead, with a slower exchange.
    device.advance(-3_600_000);
    const sentAt = device.read();
    device.advance(300);
    clock.record({ sentAt, receivedAt: device.read(), serverTime: T0 + 10 + 150 });
    expect(Math.abs(clock.offset() - 3_600_000)).toBeLessThan(CLOCK_JUMP_TOLERANCE_MS);
  });

  it('gives a server clock whose `now` can be passed around on its own', () => {
    const device = deviceClock(T0);
    const { now, record } = createServerClock(device.read);
    record({ sentAt: T0, receivedAt: T0, serverTime: T0 + 7000 });
    expect(now()).toBe(T0 + 7000);
  });
});
