import { RETENTION } from '@ovation/shared/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../lib/format-number';
import type { JobRun } from './api';
import { readSchedule } from './schedule';

/** Schedules are cron patterns in UTC, so every time on the screen is read in UTC too, and says so. */
const TIME_ZONE = 'UTC';

const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** A Sunday (1 January 2023 was one): the weekday `n` of cron is this date plus `n` days. */
const A_SUNDAY_UTC = Date.UTC(2023, 0, 1);

/**
 * The screen's words for codes and its numbers, times and durations in the reader's language (Intl), made
 * once per language. A job, a row kind or a schedule this build has no words for shows its code, so a job
 * added on the server reads sensibly before the web app learns its name.
 */
export function useJobFormats() {
  const { t, i18n } = useTranslation('admin-jobs');
  const language = i18n.language;
  return useMemo(() => {
    const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
    const has = (key: string) => i18n.exists(key, { ns: 'admin-jobs' });
    const number = new Intl.NumberFormat(language);
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    const full = new Intl.DateTimeFormat(language, {
      dateStyle: 'medium',
      timeStyle: 'long',
      timeZone: TIME_ZONE,
    });
    const compact = new Intl.DateTimeFormat(language, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: TIME_ZONE,
      timeZoneName: 'short',
    });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: TIME_ZONE });
    const time = new Intl.DateTimeFormat(language, { timeStyle: 'long', timeZone: TIME_ZONE });
    const clock = new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: TIME_ZONE,
    });
    const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: TIME_ZONE });
    const milliseconds = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'millisecond',
      unitDisplay: 'short',
    });
    const seconds = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'second',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });
    const minutes = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'minute',
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    });

    return {
      number: (value: number) => number.format(value),
      /** 'in 3 minutes', '2 hours ago'; past a week, the date and time. */
      relative: (iso: string, now: number) => {
        const instant = Date.parse(iso);
        let amount = Math.round((instant - now) / 1000);
        for (const [unit, size] of RELATIVE_UNITS) {
          if (Math.abs(amount) < size) return relative.format(amount, unit);
          amount = Math.round(amount / size);
        }
        return compact.format(instant);
      },
      /** 'Mar 3, 2026, 3:40:00 AM UTC': the whole instant (tooltips, dialogs). */
      exact: (iso: string) => full.format(new Date(iso)),
      /** 'Mar 3, 3:40 AM UTC': under a relative time. */
      compact: (iso: string) => compact.format(new Date(iso)),
      day: (iso: string) => day.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      /** '120 ms', '1.4 s', '2.5 min'. */
      duration: (ms: number) =>
        ms < 1000
          ? milliseconds.format(ms)
          : ms < 60_000
            ? seconds.format(ms / 1000)
            : minutes.format(ms / 60_000),
      /** 'Every 5 minutes', 'Daily at 03:40 UTC'; null when only the cron pattern can say it. */
      schedule: (cron: string): string | null => {
        const shape = readSchedule(cron);
        if (!shape) return null;
        switch (shape.kind) {
          case 'everyMinute':
            return t('schedule.everyMinute');
          case 'everyMinutes':
            return t('schedule.everyMinutes', {
              count: shape.minutes,
              number: number.format(shape.minutes),
            });
          case 'hourly':
            return shape.minute === 0
              ? t('schedule.hourlyOnTheHour')
              : t('schedule.hourly', { minute: number.format(shape.minute) });
          case 'daily':
            return t('schedule.daily', {
              time: clock.format(Date.UTC(2023, 0, 1, shape.hour, shape.minute)),
            });
          case 'weekly':
            return t('schedule.weekly', {
              day: weekday.format(A_SUNDAY_UTC + shape.weekday * 86_400_000),
              time: clock.format(Date.UTC(2023, 0, 1, shape.hour, shape.minute)),
            });
        }
      },
      /** A job's name in words, else its code. */
      jobName: (name: string) => (has(`names.${name}`) ? loose(`names.${name}`) : name),
      /** What the job does and why, or null for a job this build does not know. */
      jobDescription: (name: string) =>
        has(`descriptions.${name}`)
          ? loose(`descriptions.${name}`, {
              // The retention job's periods, from the constants the job and the legal pages share.
              accountPeriod: formatQuantity(RETENTION.accountDeletionDays, 'day', language),
              logPeriod: formatQuantity(RETENTION.securityLogsYears, 'year', language),
              analyticsPeriod: formatQuantity(RETENTION.analyticsYears, 'year', language),
              votingPeriod: formatQuantity(RETENTION.votingRecordsYears, 'year', language),
            })
          : null,
      /** The rows a run touched, each kind in words (else its code) with its count. */
      rows: (rows: JobRun['rows']) =>
        Object.entries(rows).map(([key, value]) => ({
          key,
          text: t('rows.count', {
            label: has(`rows.kinds.${key}`) ? loose(`rows.kinds.${key}`) : key,
            number: number.format(value),
          }),
        })),
    };
  }, [language, t, i18n]);
}

export type JobFormats = ReturnType<typeof useJobFormats>;
