import { readStorage, STORAGE_KEYS, writeStorage } from './local-storage';

/** The shape the server accepts in X-Device-Id (apps/server/src/lib/request-meta.ts): a UUID. */
const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The request header that carries it. */
export const DEVICE_ID_HEADER = 'X-Device-Id';

/**
 * A random version 4 UUID. `crypto.randomUUID` exists only on secure pages (https, localhost); a site
 * served over plain http on a local network still has `crypto.getRandomValues`.
 */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * This browser's device id: a random UUID kept in localStorage (`deviceId`), made the first time it is
 * needed. First-party and nothing more: no fingerprint, and clearing the site's data makes a new device
 * (the settings screen says so). Sent with sign-in, registration and votes only, for the platform's
 * device restrictions and the fraud review.
 *
 * Null when the browser cannot keep it (storage blocked or full): an id that changed on every page would
 * be a new device each time, so none is sent and a server that requires one says 'Allow site storage'.
 */
export function getDeviceId(): string | null {
  const stored = readStorage(STORAGE_KEYS.deviceId);
  if (stored && DEVICE_ID.test(stored)) return stored.toLowerCase();
  const created = randomUuid();
  writeStorage(STORAGE_KEYS.deviceId, created);
  return readStorage(STORAGE_KEYS.deviceId) === created ? created : null;
}

/** The X-Device-Id header for a sign-in, registration or vote call (none when there is no id). */
export function deviceIdHeaders(): Record<string, string> {
  const deviceId = getDeviceId();
  return deviceId ? { [DEVICE_ID_HEADER]: deviceId } : {};
}

/**
 * A social sign-in start link (`/api/auth/google`) with `?deviceId=`: the browser leaves for the provider,
 * so the id travels in the address and the server keeps it in the signed flow state.
 */
export function withDeviceId(path: string): string {
  const deviceId = getDeviceId();
  if (!deviceId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ deviceId })}`;
}
