import type { AdLocation } from '@ovation/shared/schemas/ads';
import { useTranslation } from 'react-i18next';

/**
 * An ad location's name ('Between songs'), one wording for the ads screen (form, table, an ad's analytics)
 * and the ad analytics screen's Performance by Location.
 */
export function useAdLocationName(): (location: AdLocation) => string {
  const { t } = useTranslation('admin');
  return (location) => t(`adLocations.${location}`);
}
