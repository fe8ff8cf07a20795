import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { pwa } from './build/pwa.ts';

/**
 * The libraries every page needs, in one chunk of their own: it changes only when a dependency is upgraded,
 * so a deploy of app code leaves it cached on visitors' phones. (react-i18next's <Trans> is left out: only the
 * legal pages use it.)
 */
const FRAMEWORK_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]/;
const isFrameworkModule = (id: string) => FRAMEWORK_MODULES.test(id) && !/react-i18next[\\/].*Trans/.test(id);

/** The API server the dev server forwards to (apps/server listens on 3000 by default). */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  // pwa() before precompress(): the service worker it writes is then compressed with the rest.
  plugins: [react(), tailwindcss(), pwa(), precompress()],
  resolve: {
    // zod without its eval-compiled parsers, which the content security policy forbids (see the file).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/lib/zod-without-eval.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/uploads': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: the server reads it to preload the landing page's chunk and its catalogs.
    manifest: true,
    // Every browser we target supports <link rel="modulepreload">; the polyfill would cost bytes for nothing.
    modulePreload: { polyfill: false },
    // kB, minified. The framework chunk (React DOM, router, i18next, TanStack Query) is ~400 kB; warn if it grows.
    chunkSizeWarningLimit: 420,
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'framework', test: isFrameworkModule }] } },
    },
  },
});
