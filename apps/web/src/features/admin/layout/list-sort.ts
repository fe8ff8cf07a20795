import type { SortOrder, SortState } from '../../../components/data/data-table';

/** The directions a list sorts in (the list contract's `order`). */
export const SORT_ORDERS = ['asc', 'desc'] as const satisfies readonly SortOrder[];

/** A list's sort as it sits in the URL beside its filters (useListParams), and as GET list calls take it. */
export interface ListSort<Sort extends string> {
  sort: Sort;
  order: SortOrder;
}

/**
 * The sort's defaults and accepted values for useListParams, from the list's whitelisted columns (the
 * shared schema's, first one the default): spread into the list's defaults and choices, so a column the
 * server refuses never reaches the URL's request.
 *
 *   const LIST_DEFAULTS = { page: 1, search: '', ...SONG_SORT.defaults };
 *   const LIST_CHOICES = { status: [...], ...SONG_SORT.choices };
 */
export function listSortParams<const Sort extends string>(
  sorts: readonly [Sort, ...Sort[]],
  order: SortOrder = 'desc',
) {
  return {
    defaults: { sort: sorts[0] as Sort, order: order as SortOrder },
    choices: { sort: sorts, order: SORT_ORDERS },
  };
}

/**
 * What a DataTable (its sortable headers) or a SortBar (card lists) takes, read from the URL's list params:
 * choosing a column writes `sort` and `order` there (Back undoes it) and goes back to page 1.
 */
export function listSortProps<Sort extends string>(
  params: ListSort<Sort>,
  setParams: (patch: ListSort<Sort>) => void,
) {
  return {
    sort: { by: params.sort, order: params.order } satisfies SortState,
    onSortChange: (next: SortState) => setParams({ sort: next.by as Sort, order: next.order }),
  };
}
