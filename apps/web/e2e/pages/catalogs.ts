import fs from 'node:fs';
import path from 'node:path';

type Catalog = { [key: string]: string | Catalog };

const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

/** A string from a language's catalog, so tests assert what a user of that language reads. */
export function text(language: string, key: string, namespace?: string): string {
  const file = namespace
    ? path.join(LOCALES, namespace, `${language}.json`)
    : path.join(LOCALES, `${language}.json`);
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
  const value = key
    .split('.')
    .reduce<string | Catalog | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      catalog,
    );
  if (typeof value !== 'string') throw new Error(`No string ${key} in ${language}`);
  return value;
}
