import type { Stats } from '@ovation/shared';
import type { Database } from '../../lib/db';
import { countPlatformFigures } from './repository';

/**
 * GET /stats: the platform's public figures on the home page. They span songs, votes, users and
 * categories and belong to none of them, hence this feature of its own.
 */
export function getPlatformStats(db: Database): Promise<Stats> {
  return countPlatformFigures(db);
}
