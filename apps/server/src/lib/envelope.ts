import type { Pagination } from '@ovation/shared';

/*
 * The API's one envelope (conventions: "The API answers in one envelope"), built here and nowhere else:
 * services return domain values, routes wrap them with these, and each route's response schema checks
 * the result on the way out.
 */

/** `{ success: true, data }`, with a translated `message` when the call has one to show. */
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

/** `{ success: true, data, pagination }`: one page of a list under the list contract. */
export function page<T>(data: T[], pagination: Pagination) {
  return { success: true as const, data, pagination };
}
