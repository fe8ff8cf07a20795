import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One quick retry when the backend is unreachable; client errors (4xx) are final. */
const MAX_RETRIES = 1;

/**
 * The app's one retry rule: a failed read is tried once more only when the backend could not answer
 * (no connection, a 5xx) or the failure is not an API answer at all. A 4xx is the server's final word:
 * repeating it only keeps a malformed or missing page on its spinner. Queries do not set their own
 * `retry`, so this rule holds for hooks, prefetches and route reads alike.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && (!(error instanceof ApiError) || error.isUnreachable);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Phones on metered data: do not refetch just because the tab regained focus.
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: 800,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache: shared by the providers and by route loaders that start requests early. */
export const queryClient = createQueryClient();
