import type { Category, Song, Standings } from '@ovation/shared';
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
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal, publicRead: true }),
  staleTime: CATEGORY_STALE_MS,
});

/** Every category, in the admins' sort order. */
export function useCategories() {
  return useQuery({
    ...categoriesQuery,
    select: (categories) => [...categories].sort((a, b) => a.sortOrder - b.sortOrder),
  });
}

export interface CategoryDetail {
  category: Category;
  songs: Song[];
  /**
   * How the public may see the ranking: 'final' once the results are published (totals and the
   * winner), 'live' before that (ranked, no numbers), 'hidden' when an admin turned live standings off
   * (a neutral A→Z order, no ranks).
   */
  standings: Standings;
}

export function categoryDetailQuery(id: string) {
  return queryOptions({
    queryKey: categoryKeys.detail(id),
    queryFn: ({ signal }) => apiGet<CategoryDetail>(`/categories/${id}`, { signal, publicRead: true }),
    staleTime: 30_000,
    // The read starts before the page mounts (the landing prefetch): its failure is the page's answer.
    retryOnMount: false,
  });
}

/** A category with its songs, in the order its `standings` allow (GET /categories/:id). */
export function useCategoryDetail(id: string) {
  return useQuery(categoryDetailQuery(id));
}
