/** Lower-cases and strips accents so 'Béyoncé' and 'beyonce' match (search is diacritics-insensitive). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Escapes LIKE wildcards in user input so '%' and '_' match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A secret read from a file or a pipe, without the line break an editor or `echo` put after it. */
export function withoutFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}
