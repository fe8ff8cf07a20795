import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';

// Start both downloads at once: the router fetches the page's chunk while i18next fetches the catalog.
const router = createRouter();
const ready = initI18n().catch((error: unknown) => {
  // Render anyway: keys are better than a blank page, and the language chunk may load on a retry.
  console.error(error);
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html lost its #root element');

void ready.then(() => {
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
