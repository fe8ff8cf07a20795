import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

type Sortable = AnyColumn | SQL | SQL.Aliased;

/**
 * ORDER BY of an admin list: the whitelisted column the caller chose (`sort`, checked by the shared list
 * schema), in the chosen direction, then the row's id in the same direction, so rows with equal values
 * keep one order from page to page (no row shown twice or skipped while paging).
 */
export function orderOfList<Sort extends string>(
  columns: Record<Sort, Sortable | readonly Sortable[]>,
  query: { sort: Sort; order: 'asc' | 'desc' },
  id: AnyColumn,
): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const chosen = columns[query.sort];
  const list = (Array.isArray(chosen) ? chosen : [chosen]) as Sortable[];
  return [...list.map((column) => direction(column as AnyColumn)), direction(id)];
}
