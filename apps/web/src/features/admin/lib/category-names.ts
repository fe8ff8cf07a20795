import { localizeCategory } from '@ovation/shared/category-words';
import type { Category, CategoryTranslations } from '@ovation/shared/schemas/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client';

/** GET /categories as an admin: every category with its translations (the categories screen's call). */
export const adminCategoryListQuery = queryOptions({
  // The key the categories screen gives the same call: one request serves every admin screen.
  queryKey: ['admin', 'categories', 'list'] as const,
  queryFn: ({ signal }) => apiGet<Category[]>('/categories', { signal }),
  staleTime: 5 * 60 * 1000,
});

/** A category as an answer names it: always its id and stored (English) name, its translations when sent. */
export interface NamedCategory {
  _id: string;
  name: string;
  translations?: CategoryTranslations;
}

/**
 * A category's name in the admin's language. A category that carries its translations (the analytics) is
 * named from them; one named only by id and stored name (signals, votes, reviews) is looked up in the
 * category list, and shows its stored name until the list is loaded or when the list does not know it.
 * `lookUp: false` for a screen whose categories always carry their translations: no list is loaded.
 */
export function useCategoryName({ lookUp = true }: { lookUp?: boolean } = {}) {
  const { i18n } = useTranslation();
  const categories = useQuery({ ...adminCategoryListQuery, enabled: lookUp });
  const byId = new Map((categories.data ?? []).map((category) => [category._id, category]));
  return (category: NamedCategory) => {
    const known = category.translations ? category : byId.get(category._id);
    return known ? localizeCategory(known, i18n.language).name : category.name;
  };
}
