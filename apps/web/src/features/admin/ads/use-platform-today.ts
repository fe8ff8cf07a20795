import { calendarDateAt } from '@ovation/shared/zoned-time';
import { useQuery } from '@tanstack/react-query';
import { platformTimezoneQuery } from './api';

/**
 * Today in the platform's timezone, the day an ad's dates are counted in, with that timezone; until the
 * timezone is known, the browser's own day and no timezone.
 */
export function usePlatformToday(): { today: string; timezone: string | undefined } {
  const timezone = useQuery(platformTimezoneQuery).data;
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { today: calendarDateAt(Date.now(), timezone ?? local), timezone };
}
