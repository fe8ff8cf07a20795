import type { REGIONS } from '@ovation/shared/constants';

const REGION_KEYS = {
  'West Africa': 'regions.westAfrica',
  'East Africa': 'regions.eastAfrica',
  'Southern Africa': 'regions.southernAfrica',
  'North Africa': 'regions.northAfrica',
  'Central Africa': 'regions.centralAfrica',
} as const satisfies Record<(typeof REGIONS)[number], string>;

export type RegionKey = (typeof REGION_KEYS)[keyof typeof REGION_KEYS];

/**
 * A region's name in the reader's language (the shell catalog's `regions.*`, for the public category pages
 * and the admin's alike); a region we do not know is shown as the server gave it.
 */
export function regionName(region: string, translate: (key: RegionKey) => string): string {
  const key = REGION_KEYS[region as keyof typeof REGION_KEYS];
  return key ? translate(key) : region;
}
