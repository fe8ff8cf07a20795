import { DEFAULT_LANGUAGE, type LanguageCode } from '@ovation/shared/languages';
import { MESSAGE_CATALOGS } from '@ovation/shared/message-catalogs';

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

/**
 * The text of a shared catalog key (`errors.SONG_NOT_FOUND`, `validation.numberAtMost`, `meta.description`)
 * in a language, its {{placeholders}} filled; English when the language lacks it (locales.test.ts keeps
 * the catalogs complete, so only a key added in a hurry falls back). Undefined for an unknown key.
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
  const lookup = (code: LanguageCode) =>
    (MESSAGE_CATALOGS[code] as Record<string, Record<string, string> | undefined>)[section]?.[name];
  const text = lookup(language) ?? lookup(DEFAULT_LANGUAGE);
  if (text === undefined) return undefined;
  return text.replace(PLACEHOLDER, (whole, parameter: string) =>
    parameter in parameters ? String(parameters[parameter]) : whole,
  );
}
