import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../local-storage';
import {
  localDate,
  markPopupShown,
  POPUP_DELAY_MS,
  POPUP_RETRY_MS,
  popupShownToday,
  schedulePopup,
} from './popup-schedule';

/** A window with a working localStorage and the (fake) timers. */
function fakeWindow() {
  const items = new Map<string, string>();
  return {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    },
    setTimeout: (handler: () => void, delay: number) => setTimeout(handler, delay),
    clearTimeout: (timer: ReturnType<typeof setTimeout>) => clearTimeout(timer),
    items,
  };
}

describe('ad popup: at most once a day', () => {
  let win: ReturnType<typeof fakeWindow>;

  beforeEach(() => {
    vi.useFakeTimers();
    win = fakeWindow();
    vi.stubGlobal('window', win);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('keeps the visitor’s local calendar date', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('shows on a first visit, not again the same day, and again the next day', () => {
    const evening = new Date(2026, 2, 14, 21, 30);
    expect(popupShownToday(evening)).toBe(false);
    markPopupShown(evening);
    expect(win.items.get(STORAGE_KEYS.adPopupShownOn)).toBe('2026-03-14');
    expect(popupShownToday(new Date(2026, 2, 14, 23, 59, 59))).toBe(true);
    expect(popupShownToday(new Date(2026, 2, 14, 8, 0))).toBe(true);
    // Just after midnight, local time: a new day.
    expect(popupShownToday(new Date(2026, 2, 15, 0, 0, 1))).toBe(false);
  });

  it('treats blocked storage as not shown (and never throws)', () => {
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('blocked');
        },
      },
    });
    expect(() => markPopupShown()).not.toThrow();
    expect(popupShownToday()).toBe(false);
  });

  it('waits a few seconds, and longer while another dialog is open', async () => {
    let dialogOpen = true;
    const show = vi.fn();
    schedulePopup(show, () => dialogOpen);
    await vi.advanceTimersByTimeAsync(POPUP_DELAY_MS);
    expect(show).not.toHaveBeenCalled();
    dialogOpen = false;
    await vi.advanceTimersByTimeAsync(POPUP_RETRY_MS);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled (the visitor left the page)', async () => {
    const show = vi.fn();
    const cancel = schedulePopup(show, () => false);
    await vi.advanceTimersByTimeAsync(POPUP_DELAY_MS - 1);
    cancel();
    await vi.advanceTimersByTimeAsync(POPUP_DELAY_MS);
    expect(show).not.toHaveBeenCalled();
  });
});
