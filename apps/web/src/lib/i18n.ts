import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  LANGUAGES,
  type LanguageCode,
} from '@ovation/shared/languages';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './local-storage';
import { whenIdle } from './when-idle';

type Catalog = Record<string, unknown>;
type CatalogLoader = () => Promise<Catalog>;

/**
 * One chunk per language and namespace: Vite turns each matched file into its own lazily loaded module,
 * so a visitor downloads only the catalog of the language they read, and a feature's strings only when
 * its page is opened. `locales/<lang>.json` is the shell's 'translation' namespace; every folder
 * `locales/<namespace>/<lang>.json` is a namespace of its own (legal, auth, songs, ...).
 */
const translationCatalogs = import.meta.glob<Catalog>('../locales/*.json', { import: 'default' });
const namespaceCatalogs = import.meta.glob<Catalog>('../locales/*/*.json', { import: 'default' });

function findCatalogLoader(language: string, namespace: string): CatalogLoader | undefined {
  if (namespace === 'translation') return translationCatalogs[`../locales/${language}.json`];
  return namespaceCatalogs[`../locales/${namespace}/${language}.json`];
}

/** The language being shown (or switched to); the fallback catalog is only urgent when it is this one. */
let activeLanguage: LanguageCode = DEFAULT_LANGUAGE;

/**
 * Fallback catalogs (English, for every other language) load after the page has finished loading, not
 * on the critical path: the catalogs are complete (locales.test.ts enforces it), so the fallback only
 * guards against a key added in a hurry. `loadNow` lets a switch to English wait for it.
 */
const deferredCatalogs = new Map<string, { language: string; loadNow: () => Promise<void> }>();

function deferCatalog(language: string, namespace: string, load: CatalogLoader) {
  const key = `${language}|${namespace}`;
  if (deferredCatalogs.has(key)) return;
  let pending: Promise<void> | undefined;
  const loadNow = () => {
    pending ??= load()
      .then((catalog) => {
        i18next.addResourceBundle(language, namespace, catalog, true, false);
      })
      .catch(() => {
        // Offline or a failed chunk: the active catalog still covers every key.
      });
    return pending;
  };
  deferredCatalogs.set(key, { language, loadNow });
  whenIdle(() => void loadNow());
}

const catalogBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = findCatalogLoader(language, namespace);
    if (!load) {
      callback(null, {});
      return;
    }
    if (language === DEFAULT_LANGUAGE && language !== activeLanguage) {
      callback(null, {});
      deferCatalog(language, namespace, load);
      return;
    }
    load().then(
      (catalog) => callback(null, catalog as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export function getLanguage(code: string) {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
}

/** True once the visitor has picked a language (the first-visit chooser stops showing). */
export function hasChosenLanguage(): boolean {
  return isLanguageCode(readStorage(STORAGE_KEYS.language));
}

/** The stored choice, else the first browser language we support, else English. */
function resolveInitialLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const preferred = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of preferred) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguageCode(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

function applyDocumentLanguage(code: LanguageCode) {
  const root = document.documentElement;
  root.lang = code;
  root.dir = getLanguage(code).direction;
}

/** Starts i18next with the one catalog the page needs. Resolves when the first render can happen. */
export async function initI18n(): Promise<void> {
  activeLanguage = resolveInitialLanguage();
  applyDocumentLanguage(activeLanguage);
  i18next.on('languageChanged', (language) => {
    if (isLanguageCode(language)) applyDocumentLanguage(language);
  });
  await i18next
    .use(catalogBackend)
    .use(initReactI18next)
    .init({
      lng: activeLanguage,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** Switches the interface language, remembers the choice and mirrors the page for Arabic. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  activeLanguage = code;
  writeStorage(STORAGE_KEYS.language, code);
  const deferred = [...deferredCatalogs.values()].filter((entry) => entry.language === code);
  await Promise.all(deferred.map((entry) => entry.loadNow()));
  await i18next.changeLanguage(code);
}

export { i18next };
