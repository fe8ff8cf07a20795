import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { watchLinkIntent } from './app/link-prefetch';
import { queryClient } from './app/query-client';
import { prefetchRoute } from './app/route-prefetch';
import { initI18n } from './lib/i18n';

const ready = initI18n().catch((error: unknown) => {
  // Render anyway: keys are better than a blank page, and the language chunk may load on a retry.
  console.error(error);
});
// The landing page's code, catalogs and API calls start now, beside the shell's catalog: on a slow network
// they arrive together instead of one after the other. Later pages start theirs when a link is chosen.
prefetchRoute(queryClient, window.location);
watchLinkIntent(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

void ready.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
