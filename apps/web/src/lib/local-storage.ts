/**
 * localStorage that never throws: private browsing modes, full quotas and disabled storage all
 * degrade to "nothing stored" instead of breaking the page.
 */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only for this page view.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}

/** Every localStorage key the web app uses, in one place (the public spec "Local storage keys"). */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  language: 'language',
  redirectAfterLogin: 'redirectAfterLogin',
  /** Epoch milliseconds of the last mouse, key, scroll or touch activity (inactivity logout). */
  lastActivity: 'lastActivity',
  /** The last 100 security events (inactivity logouts), JSON. */
  securityEvents: 'securityEvents',
  /** This browser's random device id (lib/device-id.ts): sent with sign-in, registration and votes. */
  deviceId: 'deviceId',
  /** The local date ('YYYY-MM-DD') the ad popup last showed: at most once a day (lib/ads/popup-schedule.ts). */
  adPopupShownOn: 'adPopupShownOn',
  /** Where ads could be served last, JSON: the next page keeps those slots' boxes from its first paint. */
  adLayout: 'adLayout',
} as const;
