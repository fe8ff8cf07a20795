import fs from 'node:fs';
import { matchLandingRoute } from '@ovation/shared/landing-routes';
import type { LanguageCode } from '@ovation/shared/languages';
import type { FastifyRequest } from 'fastify';
import { escapeMarkup } from './escape-markup';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by the source module's path. */
interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The shared texts' catalog, as the web build names it from the web app's folder. */
const SHARED_CATALOG_PREFIX = '../../packages/shared/src/locales';

/**
 * The build manifest, read once and again only when the file changes (a new build under a running
 * server): a stat a request, as the HTML shell does for index.html. Missing or unreadable: no chunk hints.
 */
function manifestReader(manifestPath: string): () => Manifest | undefined {
  let version = -1;
  let manifest: Manifest | undefined;
  return () => {
    let mtime: number;
    try {
      mtime = fs.statSync(manifestPath).mtimeMs;
    } catch {
      return undefined;
    }
    if (mtime !== version) {
      version = mtime;
      try {
        manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
      } catch {
        manifest = undefined;
      }
    }
    return manifest;
  };
}

/** Every chunk the entry imports up front: index.html already names them, so they need no hint. */
function entryChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

/**
 * The manifest's key for a catalog module. English's shared catalog is also imported statically (the
 * server's message codes are checked against it), so the build makes it a common chunk, keyed by its file
 * name rather than its source: it is then the entry's dynamic import of that language's name that is not
 * one of the web app's own catalogs.
 */
function catalogKey(manifest: Manifest, key: string, language: string): string | undefined {
  if (manifest[key]) return key;
  const webCatalogs = new Set(
    Object.entries(manifest)
      .filter(([source]) => source.startsWith('src/locales/'))
      .map(([, chunk]) => chunk.file),
  );
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return entry?.dynamicImports?.find((imported) => {
    const chunk = manifest[imported];
    return chunk?.name === language && !webCatalogs.has(chunk.file);
  });
}

/** The files of a module's chunk and of the chunks it imports statically, minus those the entry loads. */
function chunkFiles(manifest: Manifest, key: string, skip: Set<string>): string[] {
  const files: string[] = [];
  const seen = new Set(skip);
  const visit = (current: string) => {
    const chunk = manifest[current];
    if (!chunk || seen.has(current)) return;
    seen.add(current);
    files.push(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files;
}

/**
 * The `<link>` hints for a landing page, for the HTML shell to put in its head: a preload of each public
 * API read the page makes (same address and credentials mode as the client's fetch, so the browser hands
 * the answer over instead of asking again) and a modulepreload of the page's code and of its catalogs in
 * the page's language. Without them the browser learns of these only after the app's script has run, one
 * round trip after another. The fan's own vote check is not hinted: it carries the fan's token in a header,
 * which a hint cannot send (the app starts it itself, beside the page's code).
 */
export function createRoutePreloads(options: { manifestPath: string }) {
  const readManifest = manifestReader(options.manifestPath);
  let entryVersion: Manifest | undefined;
  let entry = new Set<string>();

  /**
   * `page` is what the HTML shell found the address to name: a song or category that does not exist (or is
   * not public) gets no preload of its read, whose 4xx the browser could not hand over (errors are not kept)
   * and the app would ask again.
   */
  return function routePreloads(
    request: FastifyRequest,
    language: LanguageCode,
    page?: { describes?: string },
  ): string {
    const url = new URL(request.url, 'http://localhost');
    const match = matchLandingRoute(url.pathname);
    if (!match) return '';
    const { route, id } = match;
    const missing = id !== undefined && page !== undefined && page.describes === undefined;
    const tags = (missing ? [] : route.publicReads(id, url.searchParams)).map(
      (href) => `<link rel="preload" as="fetch" href="${escapeMarkup(href)}" crossorigin>`,
    );
    const manifest = readManifest();
    if (manifest) {
      if (manifest !== entryVersion) {
        entryVersion = manifest;
        entry = entryChunks(manifest);
      }
      const modules = [
        route.pageModule,
        `src/locales/${language}.json`,
        catalogKey(manifest, `${SHARED_CATALOG_PREFIX}/${language}.json`, language) ?? '',
        ...route.namespaces.map((namespace) => `src/locales/${namespace}/${language}.json`),
      ];
      const files = new Set(modules.flatMap((key) => chunkFiles(manifest, key, entry)));
      for (const file of files) {
        tags.push(`<link rel="modulepreload" href="${escapeMarkup(file)}" crossorigin>`);
      }
    }
    return tags.join('\n    ');
  };
}
