import 'i18next';
import type categories from '../locales/categories/en.json';
import type translation from '../locales/en.json';
import type songs from '../locales/songs/en.json';
import type voting from '../locales/voting/en.json';

/**
 * Typed translation keys: `t('nav.songs')` is checked against en.json at compile time, so a typo or a
 * removed key fails the type check. The legal namespace builds its keys at run time (section ids), so it
 * is typed loosely; locales.test.ts still checks its catalogs key by key.
 */

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
  }
  interface ResourceNamespaceMap {
    translation: typeof translation;
    legal: Record<string, unknown>;
    songs: typeof songs;
    categories: typeof categories;
    voting: typeof voting;
  }
}
