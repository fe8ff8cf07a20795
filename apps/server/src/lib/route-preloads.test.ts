import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoutePreloads } from './route-preloads';

/** A build manifest shaped as Vite writes it, with the chunks the landing pages name. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_framework-F1.js'],
    dynamicImports: [
      'src/features/home/components/home-page.tsx',
      'src/features/categories/pages/category-detail-page.tsx',
      'src/locales/en.json',
      'src/locales/fr.json',
      '_en-S1.js',
      '../../packages/shared/src/locales/fr.json',
    ],
  },
  '_framework-F1.js': { file: 'assets/framework-F1.js' },
  '_vote-button-V1.js': { file: 'assets/vote-button-V1.js', imports: ['_framework-F1.js'] },
  'src/features/home/components/home-page.tsx': {
    file: 'assets/home-page-H1.js',
    imports: ['_framework-F1.js', 'index.html', '_vote-button-V1.js'],
  },
  'src/features/categories/pages/category-detail-page.tsx': {
    file: 'assets/category-detail-page-C1.js',
    imports: ['_vote-button-V1.js'],
  },
  'src/locales/en.json': { file: 'assets/en-W1.js', name: 'en' },
  'src/locales/fr.json': { file: 'assets/fr-W2.js', name: 'fr' },
  'src/locales/categories/fr.json': { file: 'assets/fr-C2.js', name: 'fr' },
  'src/locales/songs/fr.json': { file: 'assets/fr-S2.js', name: 'fr' },
  // English's shared catalog is a common chunk (imported statically too), keyed by its file.
  '_en-S1.js': { file: 'assets/en-S1.js', name: 'en' },
  '../../packages/shared/src/locales/fr.json': { file: 'assets/fr-X2.js', name: 'fr' },
};

let folder: string;
let manifestPath: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'route-preloads-'));
  manifestPath = path.join(folder, 'manifest.json');
  fs.writeFileSync(manifestPath, JSON.stringify(MANIFEST));
});

afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

const requestFor = (url: string) => ({ url }) as FastifyRequest;

function hrefs(tags: string, rel: 'preload' | 'modulepreload'): string[] {
  return [...tags.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"[^>]*>`, 'g'))].map(
    (match) => match[1] ?? '',
  );
}

describe('createRoutePreloads', () => {
  it('preloads the home page’s API reads as fetches, in the credentials mode of the client’s fetch', () => {
    const tags = createRoutePreloads({ manifestPath })(requestFor('/'), 'en');
    expect(hrefs(tags, 'preload')).toEqual([
      '/api/stats/banners',
      '/api/stats',
      '/api/categories',
      '/api/songs?limit=8&amp;sortBy=createdAt&amp;sortOrder=desc',
      '/api/voting-settings/status',
    ]);
    for (const tag of tags.split('\n').filter((line) => line.includes('rel="preload"'))) {
      // crossorigin (anonymous): mode cors, credentials same-origin, as fetch() sends by default.
      expect(tag).toMatch(/^\s*<link rel="preload" as="fetch" href="[^"]+" crossorigin>$/);
    }
  });

  it('modulepreloads the page’s chunk, its imports the entry does not load, and the language’s catalogs', () => {
    const home = createRoutePreloads({ manifestPath })(requestFor('/?utm=whatsapp'), 'en');
    expect(hrefs(home, 'modulepreload')).toEqual([
      '/assets/home-page-H1.js',
      '/assets/vote-button-V1.js',
      '/assets/en-W1.js',
      '/assets/en-S1.js',
    ]);

    const category = createRoutePreloads({ manifestPath })(requestFor('/categories/cat-1'), 'fr');
    expect(hrefs(category, 'preload')).toEqual([
      '/api/categories/cat-1',
      '/api/categories',
      '/api/voting-settings/status',
    ]);
    expect(hrefs(category, 'modulepreload')).toEqual([
      '/assets/category-detail-page-C1.js',
      '/assets/vote-button-V1.js',
      '/assets/fr-W2.js',
      '/assets/fr-X2.js',
      '/assets/fr-C2.js',
      '/assets/fr-S2.js',
    ]);
  });

  it('never hints the fan’s own vote check, which needs the token the page holds', () => {
    const preloads = createRoutePreloads({ manifestPath });
    for (const url of ['/categories/cat-1', '/songs/song-1']) {
      expect(preloads(requestFor(url), 'en')).not.toContain('/api/votes');
    }
  });

  it('names nothing for pages that are not landing pages, or an id it would not pass on as it is', () => {
    const preloads = createRoutePreloads({ manifestPath });
    expect(preloads(requestFor('/admin/songs'), 'en')).toBe('');
    expect(preloads(requestFor('/profile'), 'en')).toBe('');
    expect(preloads(requestFor('/songs/%22%3E%3Cscript%3E'), 'en')).toBe('');
  });

  it('leaves a filtered songs list to the page and still preloads what does not depend on the filter', () => {
    const preloads = createRoutePreloads({ manifestPath });
    expect(hrefs(preloads(requestFor('/songs'), 'en'), 'preload')).toContain(
      '/api/songs?page=1&amp;limit=12&amp;sortBy=createdAt&amp;sortOrder=desc',
    );
    expect(hrefs(preloads(requestFor('/songs?q=highlife'), 'en'), 'preload')).toEqual([
      '/api/categories',
      '/api/stats',
    ]);
  });

  it('gives the API hints alone without a manifest, and reads a new build’s manifest when it changes', () => {
    fs.rmSync(manifestPath);
    const preloads = createRoutePreloads({ manifestPath });
    const bare = preloads(requestFor('/register'), 'en');
    expect(hrefs(bare, 'preload')).toEqual(['/assets/countries-optimized.json']);
    expect(hrefs(bare, 'modulepreload')).toEqual([]);

    fs.writeFileSync(manifestPath, JSON.stringify(MANIFEST));
    expect(hrefs(preloads(requestFor('/'), 'en'), 'modulepreload')).toContain('/assets/home-page-H1.js');

    const rebuilt = structuredClone(MANIFEST);
    rebuilt['src/features/home/components/home-page.tsx'].file = 'assets/home-page-H2.js';
    fs.writeFileSync(manifestPath, JSON.stringify(rebuilt));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(manifestPath, later, later);
    expect(hrefs(preloads(requestFor('/'), 'en'), 'modulepreload')).toContain('/assets/home-page-H2.js');
  });
});
