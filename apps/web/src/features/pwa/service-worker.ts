/// <reference types="vite-plugin-pwa/vanillajs" />

/** Lets the waiting worker take over and reloads the page into the new version. */
type ApplyUpdate = (reloadPage?: boolean) => Promise<void>;
type RegisterWorker = typeof import('virtual:pwa-register').registerSW;

/**
 * An hour: a tab left open through an awards night (the app never reloads on its own) still hears of a
 * deploy the same evening, for one small conditional request of /sw.js an hour.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let applyUpdate: ApplyUpdate | undefined;
let updateWaiting = false;
let registering = false;
const listeners = new Set<() => void>();

function publish(waiting: boolean) {
  updateWaiting = waiting;
  for (const listener of listeners) listener();
}

export function subscribeToUpdate(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while a new version is installed and waiting for the visitor's go-ahead. */
export function isUpdateWaiting() {
  return updateWaiting;
}

/** Hides the prompt; the new version still takes over once every Ovation tab has been closed. */
export function dismissUpdate() {
  publish(false);
}

/** Switches to the waiting version now and reloads the page (the visitor asked for it). */
export async function reloadIntoUpdate() {
  publish(false);
  await applyUpdate?.(true);
}

const loadRegister: () => Promise<RegisterWorker> = () =>
  import('virtual:pwa-register').then((module) => module.registerSW);

/**
 * Registers the service worker (once per page). A new version never takes over by itself: it waits, and
 * the update prompt asks the visitor, so a fan halfway through a vote is not reloaded from under them.
 * `load` is replaceable for tests.
 */
export async function registerServiceWorker(load = loadRegister) {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  const register = await load();
  applyUpdate = register({
    immediate: true,
    onNeedRefresh: () => publish(true),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
}
