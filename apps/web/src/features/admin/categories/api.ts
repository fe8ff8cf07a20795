import type {
  AdminCategorySort,
  CategoryInput,
  CategoryStats,
} from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The list's page and sort, kept in the URL. */
export interface AdminCategoriesFilters {
  page: number;
  sort: AdminCategorySort;
  order: 'asc' | 'desc';
}

/** Query keys of the screen: the cards and the tiles sit under `all`, so one invalidation covers both. */
export const adminCategoriesKeys = {
  all: ['admin', 'categories'] as const,
  list: (filters: AdminCategoriesFilters) => [...adminCategoriesKeys.all, 'list', filters] as const,
  stats: () => [...adminCategoriesKeys.all, 'stats'] as const,
};

/**
 * The public pages' category queries (features/categories): refetched after a write so this admin sees
 * the change there too. Named by value, not imported: screens do not import other features.
 */
export const PUBLIC_CATEGORY_KEYS = [['categories'] as const, ['songs'] as const];

/** GET /admin/categories: one page of categories, sorted, with song counts (any status) and vote totals. */
export function adminCategoriesQuery(filters: AdminCategoriesFilters) {
  return queryOptions({
    queryKey: adminCategoriesKeys.list(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<Category[]>('/admin/categories', { query: { ...filters }, signal });
      return { categories: result.data, pagination: result.pagination as Pagination };
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export const categoryStatsQuery = queryOptions({
  queryKey: adminCategoriesKeys.stats(),
  queryFn: ({ signal }) => apiGet<CategoryStats>('/admin/categories/stats', { signal }),
});

export function useAdminCategories(filters: AdminCategoriesFilters) {
  return useQuery(adminCategoriesQuery(filters));
}

export function useCategoryStats() {
  return useQuery(categoryStatsQuery);
}

/** POST /categories, or PUT /categories/{id} when `id` is given: the whole category each time. */
export function saveCategory({ id, input }: { id: string | null; input: CategoryInput }) {
  return apiRequest<Category>(id ? `/categories/${id}` : '/categories', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });
}

/** DELETE /categories/{id}: refused (409) while the category still has songs or votes. */
export function deleteCategory(id: string) {
  return apiRequest<never>(`/categories/${id}`, { method: 'DELETE' });
}
