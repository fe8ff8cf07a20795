import type { Pagination } from '@ovation/shared';

/*
 * The API's one envelope (conventions: "The API answers in one envelope"), built here and nowhere else:
 * services return domain values, routes wrap them with these, and each route's response schema checks
 * the result on the way out.
 */

/** `{ success: true, data }`, with a translated `message` when the call has one to show. */
export function ok<T>(data: T): { success: true; data: T };
export function ok<T>(data: T, message: string): { success: true; data: T; message: string };
export function ok<T>(data: T, message?: string) {
  return message === undefined ? { success: true as const, data } : { success: true as const, data, message };
}

/** `{ success: true, data, pagination }`: one page of a list under the list contract. */
export function page<T>(data: T[], pagination: Pagination) {
  return { success: true as const, data, pagination };
}

/** `{ success: true, message }` for a call with nothing to return but a sentence; `{ success: true }` without. */
export function done(): { success: true };
export function done(message: string): { success: true; message: string };
export function done(message?: string) {
  return message === undefined ? { success: true as const } : { success: true as const, message };
}

/**
 * `{ success: true, ...fields }`: the few answers whose fields sit beside `success` instead of (or as well
 * as) inside `data`, because the spec's client reads them there: the sign-in's `token` and `user`, the
 * registration's `requiresVerification`, the vote's daily counts.
 */
export function okWith<T extends object>(fields: T & { success?: never }) {
  return { success: true as const, ...fields };
}

/**
 * A page of the list contract whose items sit under one named field of `data` (`data: { ads: [...] }`)
 * rather than being `data` itself: only where the spec's client reads the list there.
 */
export function pageUnder<K extends string, T>(field: K, items: T[], pagination: Pagination) {
  return { success: true as const, data: { [field]: items } as { [P in K]: T[] }, pagination };
}
