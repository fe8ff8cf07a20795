import type { Category, Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import type { CategoryType } from '@ovation/shared/constants';

/**
 * The category's songs once each, in the server's ranking (most votes first): the same song id twice, or
 * the same title and artist twice (a copy), shows once (the public spec's Category detail "deduplicated").
 */
export function dedupeSongs(songs: readonly Song[]): Song[] {
  const seen = new Set<string>();
  const result: Song[] = [];
  for (const song of songs) {
    const twin = `${song.title.trim().toLowerCase()}|${song.artist.trim().toLowerCase()}`;
    if (seen.has(song._id) || seen.has(twin)) continue;
    seen.add(song._id);
    seen.add(twin);
    result.push(song);
  }
  return result;
}

/**
 * Each song's place on a ranked category page: the place the server ranked it at (competition ranking,
 * tied songs share it: 1, 1, 3; features/analytics/ranking.ts), or its position when an answer carries none.
 */
export function songPlaces(songs: readonly Pick<Song, 'rank'>[]): number[] {
  return songs.map((song, index) => song.rank ?? index + 1);
}

/** Where a category sits in the admins' order, with its neighbours (the header's Previous / Next). */
export function findNeighbours(categories: readonly Category[], id: string) {
  const ordered = [...categories].sort((a, b) => a.sortOrder - b.sortOrder);
  const index = ordered.findIndex((category) => category._id === id);
  if (index === -1) return null;
  return {
    position: index + 1,
    total: ordered.length,
    previous: ordered[index - 1] ?? null,
    next: ordered[index + 1] ?? null,
  };
}

export type CategoryFilter = 'all' | CategoryType;
export type CategorySort = 'name' | 'songs' | 'votes';

/**
 * The categories page's search (name and description in the reader's language, English name, region;
 * accents ignored), type filter and sort.
 */
export function filterCategories(
  categories: readonly Category[],
  options: { search: string; type: CategoryFilter; sort: CategorySort; locale: string },
): Category[] {
  const fold = (text: string) =>
    text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase(options.locale);
  const needle = fold(options.search.trim());
  // Searched and sorted by the words the reader sees (their language), the English name still found.
  const words = new Map(categories.map((category) => [category, localizeCategory(category, options.locale)]));
  const nameOf = (category: Category) => words.get(category)!.name;
  const matches = categories.filter(
    (category) =>
      (options.type === 'all' || category.type === options.type) &&
      (!needle ||
        fold(
          `${nameOf(category)} ${words.get(category)!.description} ${category.name} ${category.region ?? ''}`,
        ).includes(needle)),
  );
  const collator = new Intl.Collator(options.locale);
  return matches.sort((a, b) => {
    const byName = collator.compare(nameOf(a), nameOf(b));
    if (options.sort === 'songs') return b.totalSongs - a.totalSongs || byName;
    if (options.sort === 'votes') return (b.totalVotes ?? 0) - (a.totalVotes ?? 0) || byName;
    return byName;
  });
}
