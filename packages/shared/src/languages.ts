/** The five interface languages. English is the default and the fallback for every catalog. */
export const LANGUAGES = [
  { code: 'en', name: 'English', flag: '🇬🇧', direction: 'ltr' },
  { code: 'fr', name: 'Français', flag: '🇫🇷', direction: 'ltr' },
  { code: 'pt', name: 'Português', flag: '🇵🇹', direction: 'ltr' },
  { code: 'ar', name: 'العربية', flag: '🇪🇬', direction: 'rtl' },
  { code: 'sw', name: 'Kiswahili', flag: '🇰🇪', direction: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_CODES = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/**
 * The first-party cookie holding the visitor's chosen language (SameSite=Lax, a year): the web app writes it
 * with its localStorage choice, and the server reads it to send the first HTML and API messages in it.
 */
export const LANGUAGE_COOKIE = 'ovation-lang';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value);
}
