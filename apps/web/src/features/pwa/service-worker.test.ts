import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Options = NonNullable<Parameters<typeof import('virtual:pwa-register').registerSW>[0]>;

/** A fresh copy of the module (it keeps one registration per page) and a stand-in for vite-plugin-pwa's register. */
async function loadWithFakeRegister() {
  vi.resetModules();
  const worker = await import('./service-worker');
  const applyUpdate = vi.fn(async () => {});
  const calls: Options[] = [];
  const load =
    async () =>
    (options: Options = {}) => {
      calls.push(options);
      return applyUpdate;
    };
  return { worker, applyUpdate, calls, load };
}

describe('the service worker and its update prompt', () => {
  beforeEach(() => {
    vi.stubGlobal('navigator', { serviceWorker: {}, onLine: true });
    vi.stubGlobal('window', globalThis);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks nothing until a new version waits, then asks, and Reload hands the page over to it', async () => {
    const { worker, applyUpdate, calls, load } = await loadWithFakeRegister();
    await worker.registerServiceWorker(load);
    const heard: boolean[] = [];
    worker.subscribeToUpdate(() => heard.push(worker.isUpdateWaiting()));
    expect(worker.isUpdateWaiting()).toBe(false);

    calls[0]!.onNeedRefresh!();
    expect(worker.isUpdateWaiting()).toBe(true);

    await worker.reloadIntoUpdate();
    expect(applyUpdate).toHaveBeenCalledWith(true);
    expect(worker.isUpdateWaiting()).toBe(false);
    expect(heard).toEqual([true, false]);
  });

  it('hides the prompt on Not now without switching versions', async () => {
    const { worker, applyUpdate, calls, load } = await loadWithFakeRegister();
    await worker.registerServiceWorker(load);
    calls[0]!.onNeedRefresh!();
    worker.dismissUpdate();
    expect(worker.isUpdateWaiting()).toBe(false);
    expect(applyUpdate).not.toHaveBeenCalled();
  });

  it('registers once per page, and not at all where the browser has no service workers', async () => {
    const first = await loadWithFakeRegister();
    await Promise.all([
      first.worker.registerServiceWorker(first.load),
      first.worker.registerServiceWorker(first.load),
    ]);
    expect(first.calls).toHaveLength(1);

    vi.stubGlobal('navigator', { onLine: true });
    const unsupported = await loadWithFakeRegister();
    await unsupported.worker.registerServiceWorker(unsupported.load);
    expect(unsupported.calls).toHaveLength(0);
  });

  it('checks for a new version every hour while online', async () => {
    vi.useFakeTimers();
    const { worker, calls, load } = await loadWithFakeRegister();
    await worker.registerServiceWorker(load);
    const registration = { update: vi.fn(async () => {}) };
    calls[0]!.onRegisteredSW!('/sw.js', registration as unknown as ServiceWorkerRegistration);

    vi.advanceTimersByTime(worker.UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
    vi.stubGlobal('navigator', { serviceWorker: {}, onLine: false });
    vi.advanceTimersByTime(worker.UPDATE_CHECK_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });
});
