import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Spans longer than this show the day with the time (a 7-day or all-time window). */
const DAY_SECONDS = 24 * 60 * 60;

/**
 * The screen's number, percent and time formats, in the reader's language (Intl), made once per language:
 * times in the browser's own timezone, as the admin reads their clock.
 */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const clock = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    const time = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });
    const dayTime = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    const day = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric' });
    return {
      number: (value: number) => number.format(value),
      /** A share from 0..1 ('42.5%'). */
      percent: (share: number) => percent.format(share),
      dateTime: (iso: string | number | Date) => dateTime.format(new Date(iso)),
      /** The day alone ('Nov 23, 2026') and the time alone ('11:20 PM'): a table's two-line time. */
      date: (iso: string | number | Date) => date.format(new Date(iso)),
      clock: (iso: string | number | Date) => clock.format(new Date(iso)),
      /** Two instants as one range, the shared day written once ('Nov 24, 2026, 1:20 – 1:22 AM'). */
      range: (from: string, to: string) => dateTime.formatRange(new Date(from), new Date(to)),
      /** A minute of a chart: just the time within a day, the day too across days. */
      minute: (epochSeconds: number, spanSeconds: number) =>
        (spanSeconds > DAY_SECONDS ? dayTime : time).format(new Date(epochSeconds * 1000)),
      /** An axis tick: the time within a day, the day across several. */
      tick: (epochSeconds: number, spanSeconds: number) =>
        (spanSeconds > 3 * DAY_SECONDS ? day : spanSeconds > DAY_SECONDS ? dayTime : time).format(
          new Date(epochSeconds * 1000),
        ),
    };
  }, [language]);
}

export type Formats = ReturnType<typeof useFormats>;
