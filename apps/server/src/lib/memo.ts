/**
 * Keeps the last value of an async read for `ttlMs`, so hot paths (every vote reads the platform and
 * voting settings) do not query the database each time. `invalidate` drops it at once after a local
 * change; other instances see the change within `ttlMs`.
 */
export function memoizeFor<T>(ttlMs: number, read: () => Promise<T>, now: () => number = Date.now) {
  let value: { data: T; expiresAt: number } | undefined;
  let pending: Promise<T> | undefined;
  return {
    async get(): Promise<T> {
      if (value && value.expiresAt > now()) return value.data;
      pending ??= read()
        .then((data) => {
          value = { data, expiresAt: now() + ttlMs };
          return data;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
    invalidate() {
      value = undefined;
    },
  };
}
