import type { Pagination } from '@ovation/shared';

/** `pagination` of the list contract: at least one page, so 'Page 1 of 1' shows for an empty list. */
export function paginationOf(query: { page: number; limit: number }, total: number): Pagination {
  return { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) };
}

/** The OFFSET of a page. */
export function offsetOf(query: { page: number; limit: number }) {
  return (query.page - 1) * query.limit;
}
