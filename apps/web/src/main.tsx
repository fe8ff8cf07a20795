import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { prefetchHomeData } from './features/home/api/prefetch-home';
import { initI18n } from './lib/i18n';

// On the home page, start its API calls now: they run while i18next fetches the catalog and the page's
// code downloads, so on a slow network data and code arrive together.
if (window.location.pathname === '/') prefetchHomeData(queryClient);
const ready = initI18n().catch((error: unknown) => {
  // Render anyway: keys are better than a blank page, and the language chunk may load on a retry.
  console.error(error);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

void ready.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
