import type { TFunction } from 'i18next';

const REGION_KEYS = {
  'West Africa': 'regions.westAfrica',
  'East Africa': 'regions.eastAfrica',
  'Southern Africa': 'regions.southernAfrica',
  'North Africa': 'regions.northAfrica',
  'Central Africa': 'regions.centralAfrica',
} as const;

/** The region in the reader's language; a region we do not know is shown as the server gave it. */
export function translateRegion(region: string, t: TFunction): string {
  const key = REGION_KEYS[region as keyof typeof REGION_KEYS];
  return key ? t(key) : region;
}
