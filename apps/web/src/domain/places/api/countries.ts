import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';

export interface CountryState {
  id: string;
  name: string;
}

export interface Country {
  /** ISO 3166-1 alpha-2, which Intl.DisplayNames turns into the country's name in the page's language. */
  id: string;
  /** The English name: what the API stores and expects. */
  name: string;
  emoji: string;
  states: CountryState[];
}

/** The static country/state list (the public spec); it changes only with a release, so it is fetched once. */
export const countriesQuery = queryOptions({
  queryKey: ['countries'],
  queryFn: async ({ signal }): Promise<Country[]> => {
    let response: Response;
    try {
      response = await fetch('/assets/countries-optimized.json', { signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK_ERROR', 'Failed to connect to backend');
    }
    if (!response.ok) throw new ApiError(response.status, 'HTTP_ERROR', response.statusText);
    return (await response.json()) as Country[];
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});
