import fs from 'node:fs';
import path from 'node:path';

type Catalog = { [key: string]: string | Catalog };

const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');
/** Errors, validation messages and the page's meta texts: shared with the server, merged into the shell. */
const SHARED_LOCALES = path.resolve(import.meta.dirname, '../../../../packages/shared/src/locales');

function lookUp(file: string, key: string): string | Catalog | undefined {
  const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
  return key
    .split('.')
    .reduce<string | Catalog | undefined>(
      (node, part) => (node && typeof node === 'object' ? node[part] : undefined),
      catalog,
    );
}

/** A string from a language's catalog, so tests assert what a user of that language reads. */
export function text(language: string, key: string, namespace?: string): string {
  const value = namespace
    ? lookUp(path.join(LOCALES, namespace, `${language}.json`), key)
    : (lookUp(path.join(LOCALES, `${language}.json`), key) ??
      lookUp(path.join(SHARED_LOCALES, `${language}.json`), key));
  if (typeof value !== 'string') throw new Error(`No string ${key} in ${language}`);
  return value;
}
