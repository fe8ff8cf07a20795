import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGE_CODES } from '@ovation/shared/languages';
import { ERROR_CODES } from '@ovation/shared/messages';
import { describe, expect, it } from 'vitest';

type Catalog = { [key: string]: string | Catalog };

const LOCALES_DIR = import.meta.dirname;
/** The texts the server speaks too (errors, validation, the page's meta), merged into the shell namespace. */
const SHARED_LOCALES_DIR = path.resolve(LOCALES_DIR, '../../../../packages/shared/src/locales');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([\w.]+)\s*(?:,[^}]*)?}}/g;

function readCatalog(file: string): Catalog {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog;
}

/** `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }`; non-string leaves are reported as they are. */
function flatten(catalog: Catalog, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [nested, leaf] of flatten(value, full)) entries.set(nested, leaf);
    } else {
      entries.set(full, value);
    }
  }
  return entries;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!))].sort();
}

/** The plural forms a language needs (i18next resolves `_one`, `_few`, ... with Intl.PluralRules). */
function pluralForms(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

/**
 * Compares one language's catalog with English: same keys (plural families compared by their base key,
 * each language having exactly the plural forms its grammar needs), nothing empty, same placeholders.
 */
function compareWithEnglish(english: Map<string, unknown>, other: Map<string, unknown>, language: string) {
  const problems: string[] = [];
  const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
  const englishPlurals = new Set([...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(base));
  const expectedKeys = new Set<string>();
  for (const key of english.keys()) {
    if (PLURAL_SUFFIX.test(key)) {
      for (const form of pluralForms(language)) expectedKeys.add(`${base(key)}_${form}`);
    } else {
      expectedKeys.add(key);
    }
  }

  for (const key of expectedKeys) {
    const value = other.get(key);
    if (value === undefined) problems.push(`missing key ${key}`);
    else if (typeof value !== 'string' || value.trim() === '') problems.push(`empty or non-text value at ${key}`);
  }
  for (const key of other.keys()) {
    if (!expectedKeys.has(key)) problems.push(`extra key ${key}`);
  }

  for (const [key, value] of english) {
    if (PLURAL_SUFFIX.test(key)) continue;
    const theirs = other.get(key);
    if (theirs === undefined) continue;
    if (placeholders(value).join() !== placeholders(theirs).join()) {
      problems.push(`placeholders differ at ${key}: {{${placeholders(value)}}} vs {{${placeholders(theirs)}}}`);
    }
  }
  // Plural families: a form may leave out {{count}} ("one song"), but may not invent or drop other names.
  for (const family of englishPlurals) {
    const collect = (catalog: Map<string, unknown>) =>
      [...catalog.entries()]
        .filter(([key]) => base(key) === family && PLURAL_SUFFIX.test(key))
        .flatMap(([, value]) => placeholders(value));
    const expected = new Set(collect(english).filter((name) => name !== 'count'));
    const actual = new Set(collect(other).filter((name) => name !== 'count'));
    if ([...expected].join() !== [...actual].join()) {
      problems.push(`placeholders differ in plural ${family}: {{${[...expected]}}} vs {{${[...actual]}}}`);
    }
  }
  return problems;
}

function describeFolder(name: string, folder: string) {
  const exists = fs.existsSync(path.join(folder, 'en.json'));
  describe.skipIf(!exists)(`${name} catalogs (${path.relative(LOCALES_DIR, folder) || '.'})`, () => {
    const english = exists ? flatten(readCatalog(path.join(folder, 'en.json'))) : new Map<string, unknown>();

    it('has one catalog for each of the five languages and no other', () => {
      const files = fs
        .readdirSync(folder)
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual([...LANGUAGE_CODES].sort());
    });

    it('has English text for every key', () => {
      const empty = [...english].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
      expect(empty.map(([key]) => key)).toEqual([]);
    });

    it('gives English exactly the plural forms English needs', () => {
      const problems = compareWithEnglish(english, english, 'en');
      expect(problems).toEqual([]);
    });

    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      it(`${language}: same keys as English, none empty, same placeholders`, () => {
        const file = path.join(folder, `${language}.json`);
        expect(fs.existsSync(file), `${file} is missing`).toBe(true);
        expect(compareWithEnglish(english, flatten(readCatalog(file)), language)).toEqual([]);
      });
    }
  });
}

describeFolder('translation', LOCALES_DIR);
describeFolder('shared (errors, validation, meta)', SHARED_LOCALES_DIR);
for (const entry of fs.readdirSync(LOCALES_DIR, { withFileTypes: true })) {
  if (entry.isDirectory()) describeFolder(entry.name, path.join(LOCALES_DIR, entry.name));
}

describe('messages shared with the server', () => {
  it('keeps each shared text in one place: no shell catalog repeats a key of the shared catalogs', () => {
    for (const language of LANGUAGE_CODES) {
      const shell = flatten(readCatalog(path.join(LOCALES_DIR, `${language}.json`)));
      const shared = flatten(readCatalog(path.join(SHARED_LOCALES_DIR, `${language}.json`)));
      expect([...shared.keys()].filter((key) => shell.has(key)), language).toEqual([]);
    }
  });

  it('has exactly the API error codes under errors.<CODE> in the shared catalogs', () => {
    const shared = readCatalog(path.join(SHARED_LOCALES_DIR, 'en.json'));
    expect(Object.keys(shared.errors as Catalog).sort()).toEqual([...ERROR_CODES].sort());
  });
});
