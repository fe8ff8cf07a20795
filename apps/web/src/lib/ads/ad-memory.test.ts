import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../local-storage';
import { readAdLayout, rememberAdLayout } from './ad-memory';

describe('the remembered ad layout', () => {
  let items: Map<string, string>;

  beforeEach(() => {
    items = new Map();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
      },
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('keeps the servable locations', () => {
    expect(readAdLayout()).toEqual({ locations: [] });
    rememberAdLayout(['header', 'sidebar']);
    rememberAdLayout(undefined);
    expect(readAdLayout()).toEqual({ locations: ['header', 'sidebar'] });
    rememberAdLayout([]);
    expect(readAdLayout().locations).toEqual([]);
  });

  it('ignores what is not a layout', () => {
    items.set(STORAGE_KEYS.adLayout, 'not json');
    expect(readAdLayout()).toEqual({ locations: [] });
    items.set(STORAGE_KEYS.adLayout, JSON.stringify({ locations: ['header', 'admin'] }));
    expect(readAdLayout()).toEqual({ locations: ['header'] });
  });
});
