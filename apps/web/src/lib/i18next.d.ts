import 'i18next';
import type shared from '../../../../packages/shared/src/locales/en.json';
import type categories from '../locales/categories/en.json';
import type shell from '../locales/en.json';
import type songs from '../locales/songs/en.json';
import type voting from '../locales/voting/en.json';

/**
 * Typed translation keys: `t('nav.songs')` is checked against en.json at compile time, so a typo or a
 * removed key fails the type check. The legal namespace builds its keys at run time (section ids), so it
 * is typed loosely; locales.test.ts still checks its catalogs key by key.
 */

/** The shell namespace: its own catalog with the shared one (errors, validation, meta) merged in (i18n.ts). */
type Translation = Omit<typeof shell, keyof typeof shared> & {
  [Section in keyof typeof shared]: (Section extends keyof typeof shell ? (typeof shell)[Section] : unknown) &
    (typeof shared)[Section];
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    returnNull: false;
  }
  interface ResourceNamespaceMap {
    translation: Translation;
    legal: Record<string, unknown>;
    songs: typeof songs;
    categories: typeof categories;
    voting: typeof voting;
  }
}
