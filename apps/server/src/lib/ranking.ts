/**
 * How songs are ranked wherever a ranking shows: the analytics screen, the report, and the public
 * category pages (features analytics and categories), and the percentages beside them (ad click-through
 * rates too). Pure arithmetic over what the caller read, so it sits below the features that share it:
 * one comparator, so a song never holds two places on two screens.
 */

/** Titles compared as a reader expects: case and accents ignored, numbers in numeric order. */
const TITLE_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

interface Titled {
  id: string;
  title: string;
}

/** A neutral order (title A to Z), then the id so two equal titles keep one order. */
export function compareByTitle(a: Titled, b: Titled): number {
  return TITLE_ORDER.compare(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Most votes first; ties by title, as the analytics screen lists them. */
export function compareByVotes<T extends Titled>(votes: (item: T) => number) {
  return (a: T, b: T) => votes(b) - votes(a) || compareByTitle(a, b);
}

/**
 * Competition ranks ("1224" ranking): equal scores share a rank and the next rank skips as many places,
 * so with 9, 9 and 5 votes the ranks are 1, 1 and 3. Answers each item's rank, by position in `items`.
 */
export function competitionRanks<T>(items: readonly T[], score: (item: T) => number): number[] {
  const order = items.map((item, index) => ({ index, score: score(item) })).sort((a, b) => b.score - a.score);
  const ranks = new Array<number>(items.length);
  order.forEach((entry, position) => {
    const previous = order[position - 1];
    ranks[entry.index] = previous && previous.score === entry.score ? ranks[previous.index]! : position + 1;
  });
  return ranks;
}

/** `part` as a percent of `whole`, rounded to two decimals (12.35); 0 when `whole` is 0. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part * 10_000) / whole) / 100;
}

/** A mean rounded to two decimals; 0 for no items. */
export function averageOf(total: number, count: number): number {
  return count <= 0 ? 0 : Math.round((total * 100) / count) / 100;
}
