import type { Database } from '../../lib/db';
import { Conflict } from '../../lib/errors';
import { lockResults } from '../analytics/results-service';

/**
 * Inside the transaction of a vote-state change: takes the results setting's change lock (publishing takes
 * it too, features/analytics) and answers whether the results are published. Held until the change
 * commits, so results are never published in the middle of one, and two changes take turns: neither can
 * adjust a count the other is adjusting. Taken first in every change, so locks are always taken in one
 * order (results, then the review, then its votes) and two changes never wait on each other in a circle.
 */
export async function readResultsLock(tx: Database): Promise<boolean> {
  return (await lockResults(tx)).published;
}

/** A published count is final: changing a vote's state asks to unpublish first (409 RESULTS_PUBLISHED). */
export function assertResultsOpen(published: boolean) {
  if (published) throw Conflict('RESULTS_PUBLISHED');
}
