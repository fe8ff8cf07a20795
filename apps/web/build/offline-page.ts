import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin, ResolvedConfig } from 'vite';

/** The page the service worker shows when a page cannot be fetched, and its script, in src/features/pwa/. */
const SOURCE_DIR = path.resolve(import.meta.dirname, '../src/features/pwa');

/**
 * Writes `offline.html` and `offline.js` into the build. The script is bundled apart from the app (one small
 * file with its five catalogs inside): as a second Vite entry it would share modules with the app and split
 * them into extra chunks every page would then preload.
 */
export function offlinePage(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ovation:offline-page',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle() {
      const [html, script] = await Promise.all([
        readFile(path.join(SOURCE_DIR, 'offline.html'), 'utf8'),
        build({
          entryPoints: [path.join(SOURCE_DIR, 'offline-page.ts')],
          bundle: true,
          write: false,
          minify: true,
          format: 'iife',
          target: config.build.target === false ? 'es2020' : config.build.target,
          logLevel: 'silent',
        }),
      ]);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: html });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: script.outputFiles[0]!.text });
    },
  };
}
