import { isLanguageCode, LANGUAGE_COOKIE, type LanguageCode } from '@ovation/shared/languages';

/**
 * The language chosen on an earlier visit, as mirrored into a first-party cookie for the server's first
 * HTML. Its own module, free of i18next, so the offline page's small script reads it too.
 */
export function readLanguageCookie(): LanguageCode | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const [name, value] = pair.split('=').map((piece) => piece.trim());
    if (name === LANGUAGE_COOKIE && isLanguageCode(value)) return value;
  }
  return undefined;
}
