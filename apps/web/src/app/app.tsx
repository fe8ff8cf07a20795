import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from './query-client';
import type { createRouter } from './router';

/** Providers around the router. The router is created by main.tsx so page code starts loading at once. */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
