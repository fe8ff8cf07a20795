import { describe, expect, it } from 'vitest';
import { readSchedule } from './schedule';

describe('readSchedule', () => {
  it('reads the shapes a sentence can say', () => {
    expect(readSchedule('* * * * *')).toEqual({ kind: 'everyMinute' });
    expect(readSchedule('*/1 * * * *')).toEqual({ kind: 'everyMinute' });
    expect(readSchedule('*/5 * * * *')).toEqual({ kind: 'everyMinutes', minutes: 5 });
    expect(readSchedule(' */15  * * * * ')).toEqual({ kind: 'everyMinutes', minutes: 15 });
    expect(readSchedule('0 * * * *')).toEqual({ kind: 'hourly', minute: 0 });
    expect(readSchedule('40 3 * * *')).toEqual({ kind: 'daily', hour: 3, minute: 40 });
    expect(readSchedule('0 2 * * 1')).toEqual({ kind: 'weekly', weekday: 1, hour: 2, minute: 0 });
    expect(readSchedule('0 2 * * 7')).toEqual({ kind: 'weekly', weekday: 0, hour: 2, minute: 0 });
  });

  it('answers null for what it cannot say truthfully, so the pattern itself shows', () => {
    for (const cron of [
      '*/7 * * * *',
      '0 */2 * * *',
      '0-30 * * * *',
      '5,35 * * * *',
      '40 3 1 * *',
      '40 3 * 1 *',
      '40 3 * * 1-5',
      '60 3 * * *',
      '40 24 * * *',
      '0 0 * * * *',
      '@daily',
      '',
    ]) {
      expect(readSchedule(cron), cron).toBeNull();
    }
  });
});
