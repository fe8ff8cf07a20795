import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  coerceListParams,
  type ListParamChoices,
  type ListParamDefaults,
  nextListParams,
  parseListParams,
  writeListParams,
} from './list-params';

export interface ListParams<T extends ListParamDefaults> {
  /** The current filters, typed like the defaults. */
  params: T;
  /**
   * Changes some filters: a new history entry (Back undoes it), and page 1 unless the patch sets the page.
   * `replace` rewrites the current entry instead (typing that should not fill the history).
   */
  setParams: (patch: Partial<T>, options?: { replace?: boolean }) => void;
  /** setParams for string values (FilterBar's onApply): each is read with its default's type and choices. */
  applyFilters: (values: Record<string, string>) => void;
  /** Every filter back to its default (Clear Filters). */
  reset: () => void;
}

/**
 * A list's filters and page, kept in the URL's search parameters: Back and Forward step through them, a
 * reload keeps them, and a filtered list can be shared by its address. Pass the defaults as a constant
 * declared outside the component (they are read once); values equal to a default stay out of the URL.
 *
 *   const LIST_DEFAULTS = { page: 1, search: '', status: 'all' as StatusFilter };
 *   const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, {
 *     status: ['all', 'pending', 'approved', 'rejected'],
 *   });
 */
export function useListParams<T extends ListParamDefaults>(
  defaults: T,
  choices: ListParamChoices<T> = {},
): ListParams<T> {
  const [searchParams, setSearchParams] = useSearchParams();
  const config = useRef({ defaults, choices });
  const query = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the value searchParams holds.
  const params = useMemo(
    () => parseListParams(searchParams, config.current.defaults, config.current.choices),
    [query],
  );

  const setParams = useCallback(
    (patch: Partial<T>, options: { replace?: boolean } = {}) => {
      const { defaults: base } = config.current;
      setSearchParams((current) => writeListParams(current, nextListParams(params, patch, base), base), {
        replace: options.replace ?? false,
      });
    },
    [params, setSearchParams],
  );

  const applyFilters = useCallback(
    (values: Record<string, string>) =>
      setParams(coerceListParams(values, config.current.defaults, config.current.choices)),
    [setParams],
  );

  const reset = useCallback(() => {
    const { defaults: base } = config.current;
    setSearchParams((current) => writeListParams(current, base, base));
  }, [setSearchParams]);

  return { params, setParams, applyFilters, reset };
}
