/**
 * Runs `task` once the page has finished loading and the main thread is idle, so prefetches never
 * compete with what the visitor is waiting for. Returns a cancel function (usable as an effect cleanup).
 */
export function whenIdle(task: () => void, timeoutMs = 4000): () => void {
  // Safari has no requestIdleCallback: a short timer after `load` stands in for it.
  const hasIdleCallback = typeof window.requestIdleCallback === 'function';
  let cancelled = false;
  let handle: number | undefined;
  const run = () => {
    if (cancelled) return;
    handle = hasIdleCallback
      ? window.requestIdleCallback(task, { timeout: timeoutMs })
      : window.setTimeout(task, 1500);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (handle === undefined) return;
    if (hasIdleCallback) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
  };
}
