import { MAX_AD_IMPRESSIONS_PER_BATCH } from '@ovation/shared/schemas/ads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createImpressionTracker,
  FLUSH_INTERVAL_MS,
  type ImpressionTracker,
  VISIBLE_MS,
} from './impression-tracker';

/** An IntersectionObserver the test drives: `show(element, ratio)` reports how much of it is on screen. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver;
  readonly observed = new Set<Element>();
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  show(target: Element, ratio: number) {
    if (!this.observed.has(target)) return;
    const entry = {
      target,
      isIntersecting: ratio > 0,
      intersectionRatio: ratio,
    } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

/** A document or window whose events the test fires. */
function eventTarget<T extends object>(extra: T) {
  const listeners = new Map<string, Set<() => void>>();
  return Object.assign(extra, {
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    fire: (type: string) => {
      for (const listener of listeners.get(type) ?? []) listener();
    },
  });
}

const element = (name: string) => ({ name }) as unknown as Element;

describe('impression tracker', () => {
  let page: ReturnType<typeof eventTarget<{ visibilityState: DocumentVisibilityState }>>;
  let win: ReturnType<typeof eventTarget<object>>;
  let sendBeacon: ReturnType<typeof vi.fn>;
  let fetchMock: ReturnType<typeof vi.fn>;
  let tracker: ImpressionTracker;
  const observer = () => FakeIntersectionObserver.last;

  /** The token lists of every batch sent so far, by beacon or by fetch. */
  async function batches(): Promise<string[][]> {
    const bodies = [
      ...(await Promise.all(sendBeacon.mock.calls.map(([, blob]) => (blob as Blob).text()))),
      ...fetchMock.mock.calls.map(([, init]) => (init as RequestInit).body as string),
    ];
    return bodies.map((body) => (JSON.parse(body) as { impressions: string[] }).impressions);
  }

  beforeEach(() => {
    vi.useFakeTimers();
    page = eventTarget({ visibilityState: 'visible' as DocumentVisibilityState });
    win = eventTarget({});
    sendBeacon = vi.fn(() => true);
    fetchMock = vi.fn(async () => new Response(null, { status: 202 }));
    vi.stubGlobal('document', page);
    vi.stubGlobal('window', win);
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    tracker = createImpressionTracker();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('observes at a 50% threshold and counts an ad half on screen for one second', async () => {
    expect(observer().options.threshold).toBe(0.5);
    const ad = element('ad');
    tracker.watch(ad, 'token-1');
    observer().show(ad, 0.5);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS - 1);
    tracker.flush();
    expect(await batches()).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    tracker.flush();
    expect(await batches()).toEqual([['token-1']]);
    // Counted: the element is no longer watched.
    expect(observer().observed.has(ad)).toBe(false);
  });

  it('does not count an ad that leaves (or falls under half) before the second, and restarts the second', async () => {
    const ad = element('ad');
    tracker.watch(ad, 'token-1');
    observer().show(ad, 0.8);
    await vi.advanceTimersByTimeAsync(600);
    observer().show(ad, 0.3);
    await vi.advanceTimersByTimeAsync(600);
    observer().show(ad, 0.9);
    await vi.advanceTimersByTimeAsync(600);
    observer().show(ad, 0);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    tracker.flush();
    expect(await batches()).toEqual([]);

    // A full second in one go counts.
    observer().show(ad, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    tracker.flush();
    expect(await batches()).toEqual([['token-1']]);
  });

  it('does not count an ad removed from the page before the second', async () => {
    const ad = element('ad');
    const stop = tracker.watch(ad, 'token-1');
    observer().show(ad, 1);
    await vi.advanceTimersByTimeAsync(500);
    stop();
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 2);
    expect(await batches()).toEqual([]);
  });

  it('counts a token once, however often its ad comes back into view or is shown again', async () => {
    const ad = element('ad');
    tracker.watch(ad, 'token-1');
    observer().show(ad, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    // The same element again, and the same token in a new element (the slot re-rendered).
    observer().show(ad, 1);
    const again = element('again');
    tracker.watch(again, 'token-1');
    observer().show(again, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS * 3);
    tracker.flush();
    expect(await batches()).toEqual([['token-1']]);
    expect(observer().observed.size).toBe(0);
  });

  it('sends the impressions of a few seconds in one batch, by beacon, as a JSON blob', async () => {
    const ads = ['a', 'b', 'c'].map(element);
    for (const [index, ad] of ads.entries()) tracker.watch(ad, `token-${index}`);
    observer().show(ads[0]!, 1);
    await vi.advanceTimersByTimeAsync(1500);
    observer().show(ads[1]!, 0.6);
    observer().show(ads[2]!, 0.7);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    expect(sendBeacon).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/ad-events');
    expect((blob as Blob).type).toBe('application/json');
    expect(await batches()).toEqual([['token-0', 'token-1', 'token-2']]);

    // Nothing new: no more beacons.
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS * 3);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('cuts a long queue into batches the server takes whole', async () => {
    const count = MAX_AD_IMPRESSIONS_PER_BATCH + 5;
    for (let index = 0; index < count; index += 1) {
      const ad = element(`ad-${index}`);
      tracker.watch(ad, `token-${index}`);
      observer().show(ad, 1);
    }
    await vi.advanceTimersByTimeAsync(VISIBLE_MS + FLUSH_INTERVAL_MS);
    const sent = await batches();
    expect(sent.map((batch) => batch.length)).toEqual([MAX_AD_IMPRESSIONS_PER_BATCH, 5]);
  });

  it('sends the queue by beacon as soon as the page hides, and on pagehide', async () => {
    const first = element('first');
    tracker.watch(first, 'token-1');
    observer().show(first, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    page.visibilityState = 'hidden';
    page.fire('visibilitychange');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(await batches()).toEqual([['token-1']]);

    page.visibilityState = 'visible';
    page.fire('visibilitychange');
    const second = element('second');
    tracker.watch(second, 'token-2');
    observer().show(second, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    win.fire('pagehide');
    expect(await batches()).toEqual([['token-1'], ['token-2']]);
  });

  it('does not count while the tab is hidden, and restarts the second when it shows again', async () => {
    const ad = element('ad');
    tracker.watch(ad, 'token-1');
    observer().show(ad, 1);
    await vi.advanceTimersByTimeAsync(800);
    page.visibilityState = 'hidden';
    page.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(5000);
    expect(await batches()).toEqual([]);

    page.visibilityState = 'visible';
    page.fire('visibilitychange');
    await vi.advanceTimersByTimeAsync(VISIBLE_MS - 1);
    tracker.flush();
    expect(await batches()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    tracker.flush();
    expect(await batches()).toEqual([['token-1']]);
  });

  it('falls back to a keepalive fetch when the browser refuses the beacon or has none', async () => {
    sendBeacon.mockReturnValue(false);
    const ad = element('ad');
    tracker.watch(ad, 'token-1');
    observer().show(ad, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    tracker.flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/ad-events');
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({ impressions: ['token-1'] });

    vi.stubGlobal('navigator', {});
    const other = element('other');
    tracker.watch(other, 'token-2');
    observer().show(other, 1);
    await vi.advanceTimersByTimeAsync(VISIBLE_MS);
    tracker.flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
