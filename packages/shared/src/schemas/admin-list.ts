import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from '../constants';

/** The most rows one admin list page may ask for: bounded so no single call walks a whole table. */
export const MAX_ADMIN_PAGE_SIZE = 100;

/** An optional filter from a query string: empty means "no filter" (the spec's clients send `status=`). */
export const optionalQueryText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * The one list contract of the admin back-office (admin-design.md, server 5): every admin list takes
 * page, limit (20 by default, the admin spec), a free-text search and a sort order, plus filters of
 * its own added with `.extend()`; every answer is `{ success, data, pagination }`.
 */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  search: optionalQueryText(100),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * A list query with its own sortable fields (a whitelist: any other `sort` is refused with 400), the first
 * being the default, and the default direction (newest first, unless the list reads best ascending).
 */
export function sortableListQuery<const Fields extends readonly [string, ...string[]]>(
  fields: Fields,
  defaultOrder: 'asc' | 'desc' = 'desc',
) {
  return listQuerySchema.extend({
    sort: z.enum(fields).default(fields[0]),
    order: z.enum(['asc', 'desc']).default(defaultOrder),
  });
}
