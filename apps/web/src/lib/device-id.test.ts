import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_ID_HEADER, deviceIdHeaders, getDeviceId, withDeviceId } from './device-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A localStorage as the browser gives it; `blocked` throws like a browser with site data refused. */
function fakeStorage(options: { blocked?: boolean; initial?: Record<string, string> } = {}) {
  const values = new Map(Object.entries(options.initial ?? {}));
  const refuse = () => {
    if (options.blocked) throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  const storage = {
    getItem: (key: string) => {
      refuse();
      return values.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      refuse();
      values.set(key, value);
    },
    removeItem: (key: string) => {
      refuse();
      values.delete(key);
    },
  };
  vi.stubGlobal('window', { localStorage: storage });
  return values;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getDeviceId (the browser keeps one random id, made when first needed)', () => {
  it('makes a random UUID on first need, keeps it in localStorage and gives the same one afterwards', () => {
    const stored = fakeStorage();
    const first = getDeviceId();
    expect(first).toMatch(UUID_V4);
    expect(stored.get('deviceId')).toBe(first);
    expect(getDeviceId()).toBe(first);
  });

  it('gives each browser its own id', () => {
    fakeStorage();
    const one = getDeviceId();
    fakeStorage();
    expect(getDeviceId()).not.toBe(one);
  });

  it('keeps an id already stored, lower-cased as the server compares it', () => {
    fakeStorage({ initial: { deviceId: '3F1C2B4A-9D8E-4F7A-8B6C-5D4E3F2A1B0C' } });
    expect(getDeviceId()).toBe('3f1c2b4a-9d8e-4f7a-8b6c-5d4e3f2a1b0c');
  });

  it('replaces a stored value that is not a UUID (edited by hand) with a fresh one', () => {
    const stored = fakeStorage({ initial: { deviceId: 'my-phone' } });
    const id = getDeviceId();
    expect(id).toMatch(UUID_V4);
    expect(stored.get('deviceId')).toBe(id);
  });

  it('gives no id when the browser cannot keep one (storage blocked), rather than a new one per page', () => {
    fakeStorage({ blocked: true });
    expect(getDeviceId()).toBeNull();
    expect(deviceIdHeaders()).toEqual({});
    expect(withDeviceId('/api/auth/google')).toBe('/api/auth/google');
  });

  it('still makes a UUID where crypto.randomUUID is missing (a page served over plain http)', () => {
    fakeStorage();
    const realCrypto = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => realCrypto.getRandomValues(bytes) });
    expect(getDeviceId()).toMatch(UUID_V4);
  });
});

describe('where the id goes', () => {
  it('is the X-Device-Id header of sign-in, registration and vote calls', () => {
    fakeStorage();
    const id = getDeviceId();
    expect(DEVICE_ID_HEADER).toBe('X-Device-Id');
    expect(deviceIdHeaders()).toEqual({ 'X-Device-Id': id });
  });

  it('rides as ?deviceId= on the social sign-in start links', () => {
    fakeStorage();
    const id = getDeviceId();
    expect(withDeviceId('/api/auth/google')).toBe(`/api/auth/google?deviceId=${id}`);
    expect(withDeviceId('/api/auth/facebook?x=1')).toBe(`/api/auth/facebook?x=1&deviceId=${id}`);
  });
});
