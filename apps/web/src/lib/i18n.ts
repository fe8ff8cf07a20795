import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  LANGUAGE_COOKIE,
  LANGUAGES,
  type LanguageCode,
} from '@ovation/shared/languages';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readLanguageCookie } from './language-cookie';
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
/**
 * The texts the server speaks too (API errors, validation messages, the page's title and description) live
 * once, in packages/shared/src/locales/<lang>.json; they join the shell namespace section by section, so
 * `t('errors.SONG_NOT_FOUND')` and `t('validation.nameRequired')` read them as before.
 */
const sharedCatalogs = import.meta.glob<Catalog>('../../../../packages/shared/src/locales/*.json', {
  import: 'default',
});

function mergeSections(shell: Catalog, shared: Catalog): Catalog {
  const merged: Catalog = { ...shell };
  for (const [section, texts] of Object.entries(shared)) {
    merged[section] = { ...(shell[section] as Catalog | undefined), ...(texts as Catalog) };
  }
  return merged;
}

function findCatalogLoader(language: string, namespace: string): CatalogLoader | undefined {
  if (namespace !== 'translation') return namespaceCatalogs[`../locales/${namespace}/${language}.json`];
  const loadShell = translationCatalogs[`../locales/${language}.json`];
  const loadShared = sharedCatalogs[`../../../../packages/shared/src/locales/${language}.json`];
  if (!loadShell || !loadShared) return loadShell;
  return async () => {
    const [shell, shared] = await Promise.all([loadShell(), loadShared()]);
    return mergeSections(shell, shared);
  };
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

/** A year: the choice outlives the session, like the localStorage one it mirrors. */
const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Mirrors the choice into a first-party cookie, so the server sends the next visit's first HTML (lang, dir,
 * title, share preview) and its API messages in it before any script runs.
 */
function writeLanguageCookie(code: LanguageCode) {
  if (typeof document === 'undefined' || readLanguageCookie() === code) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and older phones.
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** The visitor's explicit choice: localStorage, else the cookie (storage cleared, or blocked). */
function chosenLanguage(): LanguageCode | undefined {
  const stored = readStorage(STORAGE_KEYS.language);
  return isLanguageCode(stored) ? stored : readLanguageCookie();
}

/** True once the visitor has picked a language (the first-visit chooser stops showing). */
export function hasChosenLanguage(): boolean {
  return chosenLanguage() !== undefined;
}

/**
 * The language the address names, else the visitor's choice, else the language the server already rendered
 * the page in (it negotiated Accept-Language: starting in the same one means no flash of another language),
 * else the first browser language we support (the dev server renders nothing), else English.
 */
function resolveInitialLanguage(): LanguageCode {
  // A page's address in one language (`?lang=fr`, the sitemap's alternates, a link shared in French) opens
  // in it, as the server rendered it; it is not saved as the visitor's choice.
  const addressed =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('lang');
  if (isLanguageCode(addressed)) return addressed;
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  const served =
    typeof document === 'undefined' ? undefined : document.documentElement.dataset.servedLanguage;
  if (isLanguageCode(served)) return served;
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
  // A choice stored before the cookie existed (or by a blocked-cookie session) reaches the server next time.
  if (hasChosenLanguage()) writeLanguageCookie(activeLanguage);
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

/**
 * Starts downloading a page's namespace catalogs in the active language now, beside its code: i18next's
 * later request for them reuses the same module instead of starting after the page's code has run.
 */
export function preloadNamespaces(namespaces: readonly string[]): void {
  for (const namespace of namespaces) {
    findCatalogLoader(activeLanguage, namespace)?.().catch(() => {
      // i18next asks again when the page needs it, and reports the failure then.
    });
  }
}

/** Switches the interface language, remembers the choice and mirrors the page for Arabic. */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  activeLanguage = code;
  writeStorage(STORAGE_KEYS.language, code);
  writeLanguageCookie(code);
  const deferred = [...deferredCatalogs.values()].filter((entry) => entry.language === code);
  await Promise.all(deferred.map((entry) => entry.loadNow()));
  await i18next.changeLanguage(code);
}

export { i18next };
