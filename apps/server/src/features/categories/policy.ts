import { isAdmin, type Viewer } from '../../lib/viewer';

/*
 * Who sees what of a category. Its vote totals and winner follow the results' rule (seesResults in
 * features/analytics); this is what categories add.
 */

/**
 * The count of every song in the category, whatever its status: what keeps an admin from deleting it.
 * Pending and rejected songs are not the public's business.
 */
export function seesAllSongCounts(viewer: Viewer): boolean {
  return isAdmin(viewer);
}
