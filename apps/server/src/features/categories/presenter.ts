import type { Category } from '@ovation/shared';
import type { CategoryRow } from './repository';

/**
 * The API's view of a category, for every route that answers one. Translations travel with it so one
 * cached answer serves every language. What the viewer may see is decided by the caller (policy.ts, the
 * results' policy): `showAllSongCounts` adds the count of songs of every status, `showResults` the vote
 * total and the winner.
 */
export function toCategory(
  row: CategoryRow,
  show: { showAllSongCounts: boolean; showResults: boolean },
): Category {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    region: row.region,
    icon: row.icon,
    color: row.color,
    sortOrder: row.sortOrder,
    translations: row.translations ?? {},
    totalSongs: row.totalSongs,
    ...(show.showAllSongCounts ? { songCount: row.songCount } : {}),
    ...(show.showResults ? { totalVotes: row.totalVotes, winnerSongId: row.winnerSongId } : {}),
  };
}
