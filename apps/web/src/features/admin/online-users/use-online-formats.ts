import { UNKNOWN_LOCATION } from '@ovation/shared/schemas/admin-online-users';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryFlag, countryName } from '../lib/country-flag';
import { sessionDuration } from './session-duration';

/**
 * The screen's numbers, times, durations and places in the reader's language (Intl), made once per
 * language: times in the browser's own timezone, as the admin reads their clock.
 */
export function useOnlineFormats() {
  const { t, i18n } = useTranslation('admin-online-users');
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const clock = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    const full = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });
    return {
      number: (value: number) => number.format(value),
      /** 'Last Activity' (the admin spec: local time): the time, the whole date and time in its tooltip. */
      clock: (iso: string) => clock.format(new Date(iso)),
      dateTime: (iso: string) => full.format(new Date(iso)),
      /** 'Session Duration' since the sign-in: '2h 5m', '42m' (localised units). */
      duration: (loginTime: string, now: number) => {
        const length = sessionDuration(loginTime, now);
        if (!length) return '–';
        const minutes = number.format(length.minutes);
        return length.hours > 0
          ? t('duration.hoursMinutes', { hours: number.format(length.hours), minutes })
          : t('duration.minutes', { minutes });
      },
      /**
       * A country code as its flag and its name in the reader's language ('NG' -> 🇳🇬 نيجيريا); no code, or
       * one the browser cannot name, is 'Unknown'.
       */
      place: (code: string | null) => {
        const known = code && code !== UNKNOWN_LOCATION ? countryName(code, '', language) : '';
        return known
          ? { flag: countryFlag(code), name: known, known: true }
          : { flag: countryFlag(null), name: t('table.unknownLocation'), known: false };
      },
    };
  }, [language, t]);
}

export type OnlineFormats = ReturnType<typeof useOnlineFormats>;
