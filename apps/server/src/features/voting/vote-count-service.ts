import type { Database } from '../../lib/db';
import { countValidVotes, type VoteCounts } from './vote-count-repository';

export type { VoteCounts } from './vote-count-repository';

/**
 * The dashboard's vote figures: every valid vote, and those cast since `since.todayStart` and
 * `since.weekStart` (days on the platform's wall clock, which the caller works out). A vote voided by
 * fraud review no longer counts, as in the song totals.
 */
export function countVotes(db: Database, since: { todayStart: Date; weekStart: Date }): Promise<VoteCounts> {
  return countValidVotes(db, since);
}
