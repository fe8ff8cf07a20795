import { localizeCategory } from '@ovation/shared/category-words';
import type { Category } from '@ovation/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client';

/** GET /categories: the scope choices and the categories' names in the admin's language. */
export const categoriesQuery = queryOptions({
  // The key the other admin screens give the same call: one request serves them all.
  queryKey: ['admin', 'categories', 'list'] as const,
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal }),
  staleTime: 5 * 60 * 1000,
});

/**
 * A category's name in the admin's language: the signals, votes and reviews name categories as stored
 * (English); the category list carries each translation. Until it loads, or for a category it does not
 * know, the stored name shows.
 */
export function useCategoryName() {
  const { i18n } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const byId = new Map((categories.data ?? []).map((category) => [category._id, category]));
  return (id: string, storedName: string) => {
    const category = byId.get(id);
    return category ? localizeCategory(category, i18n.language).name : storedName;
  };
}
