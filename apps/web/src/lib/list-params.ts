/** A value a list filter can hold in the URL. */
export type ListParamValue = string | number | boolean;
/** A list's filters and their defaults, e.g. `{ page: 1, search: '', status: 'all' }`. */
export type ListParamDefaults = Record<string, ListParamValue>;
/** The values each string filter accepts (anything else in the URL reads as the default). */
export type ListParamChoices<T extends ListParamDefaults> = {
  [K in keyof T]?: readonly T[K][];
};

/** The page filter: every other change sends the list back to page 1. */
export const PAGE_PARAM = 'page';

function parseOne(raw: string | null, fallback: ListParamValue, key: string, choices?: readonly unknown[]) {
  if (raw === null) return fallback;
  if (typeof fallback === 'number') {
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value)) return fallback;
    if (key === PAGE_PARAM) return Number.isInteger(value) && value >= 1 ? value : fallback;
    return value;
  }
  if (typeof fallback === 'boolean') {
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    return fallback;
  }
  if (choices && !choices.includes(raw)) return fallback;
  return raw;
}

/**
 * Reads a list's filters from the URL: each key of `defaults` keeps its type (a number stays a number),
 * and a missing, malformed or unknown value reads as its default. A page below 1 is page 1.
 */
export function parseListParams<T extends ListParamDefaults>(
  search: URLSearchParams,
  defaults: T,
  choices: ListParamChoices<T> = {},
): T {
  const values: Record<string, ListParamValue> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    values[key] = parseOne(search.get(key), fallback, key, choices[key]);
  }
  return values as T;
}

/**
 * Filters typed in a form (every value a string, as FilterBar hands them over) read like the URL: each
 * known key takes its default's type, an unknown choice reads as the default; keys without a default are
 * dropped.
 */
export function coerceListParams<T extends ListParamDefaults>(
  values: Record<string, string>,
  defaults: T,
  choices: ListParamChoices<T> = {},
): Partial<T> {
  const patch: Record<string, ListParamValue> = {};
  for (const [key, raw] of Object.entries(values)) {
    if (!(key in defaults)) continue;
    patch[key] = parseOne(raw, defaults[key] as ListParamValue, key, choices[key]);
  }
  return patch as Partial<T>;
}

/**
 * Writes filters into a copy of the URL's parameters: a value equal to its default is left out (a clean,
 * shareable URL), parameters that are not filters are kept.
 */
export function writeListParams<T extends ListParamDefaults>(
  current: URLSearchParams,
  values: T,
  defaults: T,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(defaults)) {
    const value = values[key];
    if (value === undefined || value === defaults[key] || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * The filters after a change: `patch` applied, and back to page 1 when anything but the page changed
 * (a new search on page 7 would otherwise show an empty page).
 */
export function nextListParams<T extends ListParamDefaults>(current: T, patch: Partial<T>, defaults: T): T {
  const next = { ...current, ...patch };
  const filterChanged = Object.keys(patch).some((key) => key !== PAGE_PARAM && patch[key] !== current[key]);
  if (PAGE_PARAM in defaults && filterChanged && !(PAGE_PARAM in patch)) {
    (next as Record<string, ListParamValue>)[PAGE_PARAM] = defaults[PAGE_PARAM] as ListParamValue;
  }
  return next;
}
