import type { Category } from '@ovation/shared';
import { isAdmin, type Viewer } from '../../lib/viewer';
import type { CategoryRow } from './repository';

/**
 * The API's view of a category, for every route that answers one. Translations travel with it so one
 * cached answer serves every language; song counts of every status are for admins only, and so are vote
 * totals and the winner until the results are published (`resultsPublished`).
 */
export function toCategory(row: CategoryRow, viewer: Viewer, resultsPublished = false): Category {
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
    ...(isAdmin(viewer) ? { songCount: row.songCount } : {}),
    ...(isAdmin(viewer) || resultsPublished
      ? { totalVotes: row.totalVotes, winnerSongId: row.winnerSongId }
      : {}),
  };
}
