/* Country flags and names for the admin screens that show where people are (users, online users). */

/** Shown for a user without a country, or one the registration list does not know. */
export const UNKNOWN_FLAG = '🌐';

/** 'A' as a regional indicator symbol: two of them make a flag emoji. */
const REGIONAL_INDICATOR_A = 0x1f1e6;

/**
 * The flag emoji of an ISO 3166-1 alpha-2 code ('NG' -> 🇳🇬): the two letters as regional indicator
 * symbols, which is how Unicode defines every flag, so each country of the registration list (the server
 * sends its code) gets its flag without a table. Anything else gets the globe.
 */
export function countryFlag(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return UNKNOWN_FLAG;
  const upper = code.toUpperCase();
  return String.fromCodePoint(
    REGIONAL_INDICATOR_A + upper.charCodeAt(0) - 65,
    REGIONAL_INDICATOR_A + upper.charCodeAt(1) - 65,
  );
}

/**
 * The country's name in the reader's language from its code ('NG' -> 'نيجيريا'), else the English name
 * the user registered with.
 */
export function countryName(code: string | null, englishName: string, language: string): string {
  if (!code) return englishName;
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(code) ?? englishName;
  } catch {
    return englishName;
  }
}
