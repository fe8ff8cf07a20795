import type { Category, Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import type { CategoryType } from '@ovation/shared/constants';

/**
 * The category's songs once each, in the server's ranking (most votes first): the same song id twice, or
 * the same title and artist twice (a copy), shows once (spec 1 Category detail "deduplicated").
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
 * Competition ranks of songs already ordered by votes (most first): equal totals share a rank and the next
 * rank skips (1, 1, 3), as the published results count them. A song carrying the server's place (live
 * standings: places without totals) keeps it; without either each song is its position.
 */
export function competitionRanks(songs: readonly Pick<Song, 'totalVotes' | 'rank'>[]): number[] {
  const ranks: number[] = [];
  songs.forEach((song, index) => {
    // The server's place when it sends one (live standings carry places, not the totals behind them).
    if (song.rank !== undefined) {
      ranks.push(song.rank);
      return;
    }
    const previous = songs[index - 1];
    const tied =
      previous !== undefined && song.totalVotes !== undefined && previous.totalVotes === song.totalVotes;
    ranks.push(tied ? ranks[index - 1]! : index + 1);
  });
  return ranks;
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
