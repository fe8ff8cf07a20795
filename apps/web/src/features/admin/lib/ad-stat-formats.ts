import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** How both ad screens (the ads list and the ad analytics) write counts, rates and days. */
export interface AdStatFormats {
  /** A count: 12,345 (in the reader's digits). */
  number: (value: number) => string;
  /** A click-through rate the server gives in percent (2.35 -> '2.35%', '٢٫٣٥٪'): the admin spec wants two decimals. */
  ctr: (percent: number) => string;
  /** A calendar day 'YYYY-MM-DD' as the reader writes it ('12 Nov 2026'); it names a day, not an instant. */
  day: (isoDay: string) => string;
}

/** The formats through Intl in `language`; for a hook that adds its own, see useAdStatFormats. */
export function adStatFormats(language: string): AdStatFormats {
  const count = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  // Read at noon UTC and shown in UTC: the same day in every timezone the browser may be in.
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    number: (value) => count.format(value),
    ctr: (value) => percent.format(value / 100),
    day: (isoDay) => day.format(new Date(`${isoDay}T12:00:00Z`)),
  };
}

/** The formats in the chosen language, built once per language. */
export function useAdStatFormats(): AdStatFormats {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => adStatFormats(language), [language]);
}
