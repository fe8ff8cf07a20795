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
 * Names people register or are imported with that neither the registration list nor the English region
 * names of `Intl` spell this way: the short forms used across the continent.
 */
const NAME_ALIASES: Record<string, string> = {
  drc: 'CD',
  drcongo: 'CD',
  democraticrepublicofcongo: 'CD',
  democraticrepublicofthecongo: 'CD',
  congokinshasa: 'CD',
  republicofthecongo: 'CG',
  republicofcongo: 'CG',
  congobrazzaville: 'CG',
  ivorycoast: 'CI',
  cotedivoire: 'CI',
  cotedivoireivorycoast: 'CI',
  eswatini: 'SZ',
  swaziland: 'SZ',
  capeverde: 'CV',
  caboverde: 'CV',
  saotomeandprincipe: 'ST',
  gambia: 'GM',
  thegambia: 'GM',
  tanzania: 'TZ',
  unitedrepublicoftanzania: 'TZ',
};

/** A name reduced to its bare letters: no accents, apostrophes (straight or curly), spaces, '&' or case. */
function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
}

let englishRegionCodes: Map<string, string> | undefined;

/** Every two-letter region `Intl` names in English, keyed by its bare name ('cotedivoire' -> 'CI'). */
function regionCodesByName(): Map<string, string> {
  if (englishRegionCodes) return englishRegionCodes;
  const map = new Map<string, string>();
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let first = 65; first <= 90; first++) {
      for (let second = 65; second <= 90; second++) {
        const code = String.fromCharCode(first, second);
        const name = names.of(code);
        if (name && name !== code) map.set(nameKey(name), code);
      }
    }
  } catch {
    // No region names in this runtime: the aliases still answer.
  }
  englishRegionCodes = map;
  return map;
}

/**
 * The ISO code of a country: the server's code when it knows one, else the code of the English name the
 * user registered with ('Côte d'Ivoire', 'DR Congo', 'Ivory Coast' -> 'CI', 'CD', 'CI'), so a country the
 * registration list spells differently still gets its flag and translated name. null when unknown.
 */
export function resolveCountryCode(code: string | null | undefined, name?: string | null): string | null {
  if (code && /^[A-Za-z]{2}$/.test(code)) return code.toUpperCase();
  if (!name) return null;
  const key = nameKey(name);
  if (!key) return null;
  return NAME_ALIASES[key] ?? regionCodesByName().get(key) ?? null;
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
