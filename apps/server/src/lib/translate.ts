import { DEFAULT_LANGUAGE, type LanguageCode } from '@ovation/shared/languages';
import { MESSAGE_CATALOGS } from '@ovation/shared/message-catalogs';

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

const pluralRules = new Map<LanguageCode, Intl.PluralRules>();

/** The plural form `count` takes in a language (`one`, `few`, `other`, ...), as i18next picks it. */
function pluralForm(language: LanguageCode, count: number) {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The text of a shared catalog key (`errors.SONG_NOT_FOUND`, `validation.numberAtMost`, `meta.description`)
 * in a language, its {{placeholders}} filled; English when the language lacks it (locales.test.ts keeps
 * the catalogs complete, so only a key added in a hurry falls back). Undefined for an unknown key.
 * A numeric `count` picks the form of a plural family (`songsApproved_one`, `songsApproved_other`, ...)
 * the way the web app's i18next does, so both read the same catalog entries.
 */
export function translate(
  language: LanguageCode,
  key: string,
  parameters: Record<string, string | number> = {},
): string | undefined {
  const separator = key.indexOf('.');
  if (separator === -1) return undefined;
  const section = key.slice(0, separator);
  const name = key.slice(separator + 1);
  const { count } = parameters;
  const lookup = (code: LanguageCode) => {
    const entries = (MESSAGE_CATALOGS[code] as Record<string, Record<string, string> | undefined>)[section];
    if (!entries) return undefined;
    if (typeof count !== 'number' || Object.hasOwn(entries, name)) return entries[name];
    return entries[`${name}_${pluralForm(code, count)}`] ?? entries[`${name}_other`];
  };
  const text = lookup(language) ?? lookup(DEFAULT_LANGUAGE);
  if (text === undefined) return undefined;
  return text.replace(PLACEHOLDER, (whole, parameter: string) =>
    parameter in parameters ? String(parameters[parameter]) : whole,
  );
}
