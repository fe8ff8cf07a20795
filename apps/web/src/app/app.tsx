import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { UpdatePromptSlot } from '../features/pwa/components/update-prompt-slot';
import { onUserChange } from '../lib/session';
import { queryClient } from './query-client';

// One person's profile, dashboard and eligibility must never show to the next person on a shared phone.
onUserChange(() => queryClient.clear());

import { AppRoutes } from './router';

/** Providers around the routes. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <UpdatePromptSlot />
    </QueryClientProvider>
  );
}
