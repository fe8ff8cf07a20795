import type { AdTrafficStat } from '@ovation/shared/schemas/ad-analytics';
import type { AdTrafficGroup } from '@ovation/shared/schemas/ads';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { adStatFormats } from '../lib/ad-stat-formats';
import { type CalendarRange, knownTimeZone, periodLabel } from './traffic-period';

/** Below this span an hourly chart names the hours on its axis; above it, the days. */
const TWO_DAYS_SECONDS = 2 * 24 * 60 * 60;

/**
 * The screen's numbers, rates and periods in the reader's language (Intl), made once per language and
 * platform timezone: the counts and rates as on the ads list, plus the periods and chart ticks of this
 * screen, every period a period of the platform's calendar, as the server counts it.
 */
export function useAdTrafficFormats(platformTimezone: string | undefined) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const timeZone = knownTimeZone(platformTimezone);
    const periods = {
      hour: new Intl.DateTimeFormat(language, {
        timeZone,
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }),
      day: new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
      days: new Intl.DateTimeFormat(language, {
        timeZone: 'UTC',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
      month: new Intl.DateTimeFormat(language, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
    };
    const ticks = {
      hour: new Intl.DateTimeFormat(language, { timeZone, hour: 'numeric' }),
      day: new Intl.DateTimeFormat(language, { timeZone, month: 'short', day: 'numeric' }),
      month: new Intl.DateTimeFormat(language, { timeZone, month: 'short', year: 'numeric' }),
    };
    return {
      ...adStatFormats(language),
      period: (
        stat: Pick<AdTrafficStat, 'period' | 'start'>,
        groupBy: AdTrafficGroup,
        range: CalendarRange,
      ) => periodLabel(stat, groupBy, range, periods),
      /** An axis tick (epoch seconds): the hour on a short hourly chart, the month by months, else the day. */
      tick: (epochSeconds: number, groupBy: AdTrafficGroup, spanSeconds: number) => {
        const format =
          groupBy === 'month'
            ? ticks.month
            : groupBy === 'hour' && spanSeconds <= TWO_DAYS_SECONDS
              ? ticks.hour
              : ticks.day;
        return format.format(new Date(epochSeconds * 1000));
      },
      timeZone,
    };
  }, [language, platformTimezone]);
}

export type AdTrafficFormats = ReturnType<typeof useAdTrafficFormats>;
