import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** One quick retry when the backend is unreachable; client errors (4xx) are final. */
const MAX_RETRIES = 1;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Phones on metered data: do not refetch just because the tab regained focus.
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES && (!(error instanceof ApiError) || error.isUnreachable),
        retryDelay: 800,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache: shared by the providers and by route loaders that start requests early. */
export const queryClient = createQueryClient();
