export interface Memo<T> {
  get(): Promise<T>;
  invalidate(): void;
}

/**
 * Keeps the last value of an async read for `ttlMs`, so hot paths (every vote reads the platform and
 * voting settings) do not query the database each time. `invalidate` drops it at once after a change;
 * a read already under way when it is called is answered but not kept, as it may predate the change.
 */
export function memoizeFor<T>(ttlMs: number, read: () => Promise<T>, now: () => number = Date.now): Memo<T> {
  let value: { data: T; expiresAt: number } | undefined;
  let pending: Promise<T> | undefined;
  let generation = 0;
  return {
    async get(): Promise<T> {
      if (value && value.expiresAt > now()) return value.data;
      if (pending) return pending;
      const started = generation;
      const reading = read()
        .then((data) => {
          if (started === generation) value = { data, expiresAt: now() + ttlMs };
          return data;
        })
        .finally(() => {
          if (pending === reading) pending = undefined;
        });
      pending = reading;
      return reading;
    },
    invalidate() {
      generation++;
      value = undefined;
      pending = undefined;
    },
  };
}

interface SettingsMemos {
  memos: Set<Memo<unknown>>;
  /** Set by the app to tell the other instances (Redis pub/sub); not called for changes they sent. */
  onChange?: () => void;
}
const settingsMemoGroups = new WeakMap<object, SettingsMemos>();

function settingsMemosOf(owner: object): SettingsMemos {
  let group = settingsMemoGroups.get(owner);
  if (!group) {
    group = { memos: new Set() };
    settingsMemoGroups.set(owner, group);
  }
  return group;
}

/**
 * A memo of one database's settings (platform settings, the voting window). A settings change drops
 * every such memo with `settingsChanged`, here and, through Redis, on every instance, so the next vote
 * anywhere runs under the new settings.
 */
export function settingsMemo<T>(owner: object, ttlMs: number, read: () => Promise<T>): Memo<T> {
  const memo = memoizeFor(ttlMs, read);
  settingsMemosOf(owner).memos.add(memo as Memo<unknown>);
  return memo;
}

/** Drops the settings memos of `owner` after a change; `broadcast` tells the other instances too. */
export function settingsChanged(owner: object, broadcast = true) {
  const group = settingsMemosOf(owner);
  for (const memo of group.memos) memo.invalidate();
  if (broadcast) group.onChange?.();
}

/** Sets what happens after a local settings change, beyond this process (see settingsChanged). */
export function onSettingsChanged(owner: object, listener: (() => void) | undefined) {
  settingsMemosOf(owner).onChange = listener;
}
