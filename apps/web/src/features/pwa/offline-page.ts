import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGES, type LanguageCode } from '@ovation/shared/languages';
import { readLanguageCookie } from '../../lib/language-cookie';
import { readStorage, STORAGE_KEYS } from '../../lib/local-storage';
import ar from '../../locales/pwa/ar.json';
import en from '../../locales/pwa/en.json';
import fr from '../../locales/pwa/fr.json';
import pt from '../../locales/pwa/pt.json';
import sw from '../../locales/pwa/sw.json';

/**
 * The offline page's script (offline.html; bundled on its own to /offline.js by build/offline-page.ts, so
 * the app's chunks are shaped as if it did not exist): it shows the page's texts in the visitor's language
 * and reloads once the connection is back. All five languages ship inside it (a few hundred bytes each),
 * because offline there is no fetching the one that is needed.
 */
type OfflineTexts = { pageTitle: string; title: string; body: string; retry: string };

const CATALOGS: Record<LanguageCode, { offline: OfflineTexts }> = { en, fr, pt, ar, sw };

/** The same order as the app: the saved choice, its cookie, then the browser's languages, then English. */
function offlineLanguage(): LanguageCode {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguageCode(stored)) return stored;
  const fromCookie = readLanguageCookie();
  if (fromCookie) return fromCookie;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguageCode(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

function showOfflinePage() {
  const language = offlineLanguage();
  const texts = CATALOGS[language].offline;
  const root = document.documentElement;
  root.lang = language;
  root.dir = LANGUAGES.find((entry) => entry.code === language)?.direction ?? 'ltr';
  document.title = texts.pageTitle;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset.text as keyof OfflineTexts;
    if (texts[key]) element.textContent = texts[key];
  }
  document.getElementById('retry')?.addEventListener('click', () => window.location.reload());
  // The page the visitor asked for is the address already in the bar: back online, load it for real.
  window.addEventListener('online', () => window.location.reload(), { once: true });
}

showOfflinePage();
