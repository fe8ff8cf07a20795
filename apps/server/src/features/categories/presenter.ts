import type { Category } from '@ovation/shared';
import { isAdmin, type Viewer } from '../../lib/viewer';
import type { CategoryRow } from './repository';

/**
 * The API's view of a category, for every route that answers one. Translations travel with it so one
 * cached answer serves every language; song counts of every status and vote totals are for admins only.
 */
export function toCategory(row: CategoryRow, viewer: Viewer): Category {
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
    ...(isAdmin(viewer) ? { songCount: row.songCount, totalVotes: row.totalVotes } : {}),
  };
}
