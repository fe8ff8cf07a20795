import { AD_LOCATIONS, type AdLocation } from '@ovation/shared/ad-constants';
import { readStorage, STORAGE_KEYS, writeStorage } from '../local-storage';

/**
 * What the last page learnt about the ads: the locations with an ad to serve (public settings). A
 * returning visitor's page keeps those slots' boxes from its first paint, before the settings and the ads
 * answer (every ad at a location fills the same box), so a strip at the top does not push the page down.
 */
export interface AdLayout {
  locations: AdLocation[];
}

const isLocation = (value: unknown): value is AdLocation => AD_LOCATIONS.includes(value as AdLocation);

/** The remembered layout; empty when none was kept or what was kept is not one. */
export function readAdLayout(): AdLayout {
  try {
    const stored = JSON.parse(readStorage(STORAGE_KEYS.adLayout) ?? '{}') as Partial<AdLayout>;
    return { locations: Array.isArray(stored.locations) ? stored.locations.filter(isLocation) : [] };
  } catch {
    // Not JSON: nothing remembered.
    return { locations: [] };
  }
}

/** Keeps the locations the public settings name. */
export function rememberAdLayout(locations: readonly AdLocation[] | undefined) {
  if (!locations) return;
  writeStorage(STORAGE_KEYS.adLayout, JSON.stringify({ locations: [...locations] }));
}
