import { MAX_AD_IMPRESSIONS_PER_BATCH } from '@ovation/shared/ad-constants';
import { buildUrl } from '../api-client';

/** The industry's viewable impression: at least half of the ad on screen... */
export const VISIBLE_RATIO = 0.5;
/** ...for at least one continuous second. */
export const VISIBLE_MS = 1000;
/** Counted impressions wait this long to travel together; the page hiding sends them at once. */
export const FLUSH_INTERVAL_MS = 5000;

export interface ImpressionTracker {
  /** Counts `token` once `element` has been half on screen for a second; returns the stop function. */
  watch(element: Element, token: string): () => void;
  /** Sends the counted impressions not sent yet. */
  flush(): void;
}

interface Watched {
  token: string;
  /** Half or more on screen, as the observer last said. */
  onScreen: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Sends a batch the way that survives the page closing: navigator.sendBeacon with a JSON Blob, or a
 * keepalive fetch where the browser has no beacon or refuses it (a full beacon queue).
 */
function sendBatch(tokens: string[]) {
  const url = buildUrl('/ad-events');
  const json = JSON.stringify({ impressions: tokens });
  try {
    if (navigator.sendBeacon?.(url, new Blob([json], { type: 'application/json' }))) return;
  } catch {
    // A beacon that throws (a browser setting) falls back to fetch below.
  }
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json,
    keepalive: true,
  }).catch(() => {
    // Impressions are best effort: a lost batch is not worth an error on the page.
  });
}

/**
 * The viewability tracker: one IntersectionObserver at a 50% threshold for every ad of the page;
 * a timer runs while an ad stays half on screen and the tab is visible, and counts the ad's token when it
 * reaches a second (once per token: a token counts one impression at most). Counted tokens queue and go
 * out every few seconds, and at once when the page hides or unloads.
 */
export function createImpressionTracker(): ImpressionTracker {
  const watched = new Map<Element, Watched>();
  const counted = new Set<string>();
  let queue: string[] = [];
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    if (flushTimer !== undefined) clearTimeout(flushTimer);
    flushTimer = undefined;
    const tokens = queue;
    queue = [];
    for (let start = 0; start < tokens.length; start += MAX_AD_IMPRESSIONS_PER_BATCH) {
      sendBatch(tokens.slice(start, start + MAX_AD_IMPRESSIONS_PER_BATCH));
    }
  };

  const count = (element: Element, entry: Watched) => {
    entry.timer = undefined;
    if (watched.get(element) === entry) stopWatching(element);
    if (counted.has(entry.token)) return;
    counted.add(entry.token);
    queue.push(entry.token);
    flushTimer ??= setTimeout(flush, FLUSH_INTERVAL_MS);
  };

  const startTimer = (element: Element, entry: Watched) => {
    if (entry.timer !== undefined || counted.has(entry.token)) return;
    entry.timer = setTimeout(() => count(element, entry), VISIBLE_MS);
  };

  const stopTimer = (entry: Watched) => {
    if (entry.timer !== undefined) clearTimeout(entry.timer);
    entry.timer = undefined;
  };

  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting, intersectionRatio } of entries) {
        const entry = watched.get(target);
        if (!entry) continue;
        entry.onScreen = isIntersecting && intersectionRatio >= VISIBLE_RATIO;
        if (entry.onScreen && document.visibilityState === 'visible') startTimer(target, entry);
        else stopTimer(entry);
      }
    },
    { threshold: VISIBLE_RATIO },
  );

  function stopWatching(element: Element) {
    const entry = watched.get(element);
    if (!entry) return;
    stopTimer(entry);
    watched.delete(element);
    observer.unobserve(element);
  }

  // A hidden tab shows nothing: the second restarts from zero when the visitor comes back. Hiding is also
  // the last moment a page is sure to run (phones discard hidden tabs), so the queue goes out then.
  document.addEventListener('visibilitychange', () => {
    const visible = document.visibilityState === 'visible';
    for (const [element, entry] of watched) {
      if (visible && entry.onScreen) startTimer(element, entry);
      else stopTimer(entry);
    }
    if (!visible) flush();
  });
  window.addEventListener('pagehide', flush);

  return {
    watch(element, token) {
      if (counted.has(token)) return () => {};
      stopWatching(element);
      watched.set(element, { token, onScreen: false });
      observer.observe(element);
      return () => stopWatching(element);
    },
    flush,
  };
}

let tracker: ImpressionTracker | undefined;

/** The page's one tracker, made when the first ad shows (browsers without IntersectionObserver count none). */
export function impressionTracker(): ImpressionTracker | undefined {
  if (typeof IntersectionObserver === 'undefined') return undefined;
  tracker ??= createImpressionTracker();
  return tracker;
}
