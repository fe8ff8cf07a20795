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
