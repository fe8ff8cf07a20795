/** A screen's `t`, for the keys a helper below reads (each screen's catalog has them, in its own words). */
type ScreenT<Key extends string> = (key: Key, options?: { count: number; number: string }) => string;

type FilterKey =
  | 'filters.label'
  | 'filters.search'
  | 'filters.searchPlaceholder'
  | 'filters.apply'
  | 'filters.clear';

/**
 * A list's FilterBar, but for its selects and actions: the words from the screen's `filters` section (its
 * name, the search box, Search and Clear Filters), the search text, and what Search and Clear do (pass
 * `applyFilters` and `reset` of useListParams): `<FilterBar {...searchFilterProps(t, ...)} selects={...} />`.
 */
export function searchFilterProps(
  t: ScreenT<FilterKey>,
  search: string,
  onApply: (values: Record<string, string>) => void,
  onClear: () => void,
) {
  return {
    label: t('filters.label'),
    search: { label: t('filters.search'), placeholder: t('filters.searchPlaceholder'), value: search },
    applyLabel: t('filters.apply'),
    clearLabel: t('filters.clear'),
    onApply,
    onClear,
  };
}

/**
 * The words of a ListSection from one section of the screen's catalog (`list`, `table`): its title, the
 * count of matches ('N songs', a plural with the number formatted) and the load failure.
 */
export function listSectionTexts<Section extends string>(
  t: ScreenT<`${Section}.title` | `${Section}.count` | `${Section}.loadFailed`>,
  section: Section,
) {
  return {
    title: t(`${section}.title`),
    countText: (values: { count: number; number: string }) => t(`${section}.count`, values),
    loadFailed: t(`${section}.loadFailed`),
  };
}
