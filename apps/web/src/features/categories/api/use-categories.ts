import type { Category } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
  detail: (id: string) => [...categoryKeys.all, 'detail', id] as const,
};

/** 5 minutes: the category list is edited by admins only, rarely. */
const CATEGORY_STALE_MS = 5 * 60 * 1000;

export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.list(),
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal }),
  staleTime: CATEGORY_STALE_MS,
});

/** Every category, in the admins' sort order. */
export function useCategories() {
  return useQuery({
    ...categoriesQuery,
    select: (categories) => [...categories].sort((a, b) => a.sortOrder - b.sortOrder),
  });
}
