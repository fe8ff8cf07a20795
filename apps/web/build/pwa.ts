import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import sharedEnglish from '../../../packages/shared/src/locales/en.json';
import { offlinePage } from './offline-page.ts';

/** The brand's near-black (--color-ink-950): the splash screen and the phone's status bar match the page. */
const INK = '#0d0b08';

/** Modules only the admin area runs: its screens and their translation catalogs. */
const ADMIN_MODULES = /[\\/]src[\\/](features[\\/]admin|locales[\\/]admin[^\\/]*)[\\/]/;

/**
 * The build's chunks that only admins ever load: those made of admin modules alone, and those (a chart
 * library, a CSV parser) that only such chunks import. Fans do not pay for them in the worker's install.
 */
function findAdminOnlyChunks(bundle: OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const importers = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const imported of [...chunk.imports, ...chunk.dynamicImports]) {
      importers.set(imported, [...(importers.get(imported) ?? []), chunk.fileName]);
    }
  }
  const adminOnly = new Set(
    chunks
      .filter((chunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => ADMIN_MODULES.test(id)))
      .map((chunk) => chunk.fileName),
  );
  // Until nothing changes: a chunk whose every importer is admin-only is admin-only too.
  for (let grew = true; grew; ) {
    grew = false;
    for (const chunk of chunks) {
      const by = importers.get(chunk.fileName) ?? [];
      if (adminOnly.has(chunk.fileName) || chunk.isEntry || by.length === 0) continue;
      if (by.every((fileName) => adminOnly.has(fileName))) {
        adminOnly.add(chunk.fileName);
        grew = true;
      }
    }
  }
  return adminOnly;
}

/**
 * The web app manifest and the service worker (Workbox, generated at build).
 *
 * What the worker keeps: the fingerprinted build files (app code, styles, the locale chunks; not the admin
 * area's), the install icons and the offline page, so a visitor who has been here once can open Ovation
 * without a connection.
 * What it never keeps: pages and API answers. The HTML is rendered per visitor (their language, the page's
 * tags, data for the first paint), and API answers carry sessions and personal data; a copy in the cache
 * could show one person's page to the next person on a shared phone. Pages go to the network (navigation
 * preload starts the request while the worker boots) and, only when that fails, get the offline page;
 * /api and /uploads are not routed at all, so the browser fetches them exactly as without a worker.
 *
 * A new version waits for the visitor's go-ahead (registerType 'prompt', features/pwa/service-worker.ts
 * registers it and shows the prompt).
 */
export function pwa(): Plugin[] {
  let adminOnly = new Set<string>();
  const findAdminChunks: Plugin = {
    name: 'ovation:admin-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      adminOnly = findAdminOnlyChunks(bundle);
    },
  };
  const worker = VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Ovation',
      short_name: 'Ovation',
      description: sharedEnglish.meta.shareDescription,
      lang: 'en',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: INK,
      background_color: INK,
      categories: ['music', 'entertainment'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'offline.js'],
      // No page is ever answered from the precache: a stale or someone else's page is worse than the offline one.
      navigateFallback: null,
      navigationPreload: true,
      cleanupOutdatedCaches: true,
      manifestTransforms: [
        async (entries) => ({ manifest: entries.filter((entry) => !adminOnly.has(entry.url)), warnings: [] }),
      ],
      runtimeCaching: [
        {
          // Serialised into sw.js: it must not refer to anything outside itself.
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' &&
            !url.pathname.startsWith('/api/') &&
            !url.pathname.startsWith('/uploads/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
      ],
    },
  });
  return [offlinePage(), findAdminChunks, ...worker];
}
