import type {
  Breach,
  BreachNotificationBody,
  RecordBreachBody,
} from '@ovation/shared/schemas/admin-breaches';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { Breach } from '@ovation/shared/schemas/admin-breaches';
export { BREACH_NOTICE_HOURS, MAX_BREACH_TEXT_LENGTH } from '@ovation/shared/schemas/admin-breaches';

export const breachesKeys = {
  all: ['admin', 'breaches'] as const,
  list: (page: number) => [...breachesKeys.all, 'list', page] as const,
};

/** GET /admin/breaches: a page of the register, the most recently found first. */
export function breachesQuery(page: number) {
  return queryOptions({
    queryKey: breachesKeys.list(page),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<Breach[]>('/admin/breaches', { query: { page }, signal });
      return { breaches: result.data, pagination: result.pagination as Pagination };
    },
    placeholderData: keepPreviousData,
  });
}

export async function recordBreach(body: RecordBreachBody): Promise<Breach> {
  return (await apiRequest<Breach>('/admin/breaches', { method: 'POST', body })).data;
}

export async function recordNotification(input: {
  id: string;
  body: BreachNotificationBody;
}): Promise<Breach> {
  return (
    await apiRequest<Breach>(`/admin/breaches/${input.id}/notification`, {
      method: 'PATCH',
      body: input.body,
    })
  ).data;
}
