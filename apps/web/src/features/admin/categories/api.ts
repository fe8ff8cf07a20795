import type { CategoryInput, CategoryStats } from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** Query keys of the screen: the cards and the tiles sit under `all`, so one invalidation covers both. */
export const adminCategoriesKeys = {
  all: ['admin', 'categories'] as const,
  list: () => [...adminCategoriesKeys.all, 'list'] as const,
  stats: () => [...adminCategoriesKeys.all, 'stats'] as const,
};

/**
 * The public pages' category queries (features/categories): refetched after a write so this admin sees
 * the change there too. Named by value, not imported: screens do not import other features.
 */
export const PUBLIC_CATEGORY_KEYS = [['categories'] as const, ['songs'] as const];

/** GET /categories as an admin: every category with its song count (any status) and vote total. */
export const adminCategoriesQuery = queryOptions({
  queryKey: adminCategoriesKeys.list(),
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal }),
});

export const categoryStatsQuery = queryOptions({
  queryKey: adminCategoriesKeys.stats(),
  queryFn: ({ signal }) => apiGet<CategoryStats>('/admin/categories/stats', { signal }),
});

export function useAdminCategories() {
  return useQuery(adminCategoriesQuery);
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
