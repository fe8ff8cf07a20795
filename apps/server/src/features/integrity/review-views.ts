import type { VoteReview } from '@ovation/shared';
import type { Database } from '../../lib/db';
import * as repository from './review-repository';

/** What a review's `source` column holds: how its votes were picked. */
interface ReviewSource {
  kind?: 'selection' | 'filter';
  label?: string | null;
}

/**
 * The second-admin rule: while the platform has more than one active admin, the admin
 * who opened a review may not confirm its votes invalid; alone, they may. A review whose author's account
 * is gone may be confirmed by anyone.
 */
export function mayInvalidate(review: repository.ReviewRow, actorId: string, activeAdmins: number) {
  return review.status === 'open' && !(activeAdmins > 1 && review.createdBy === actorId);
}

const person = (id: string | null, names: Map<string, string>) =>
  id && names.has(id) ? { _id: id, name: names.get(id)! } : null;

/**
 * Reviews as the integrity screen shows them, for `viewerId` (whose `canInvalidate` it answers): each
 * with its votes counted by their state now, the categories they are in, and who opened and decided it.
 * Four queries for the whole page, never one per review.
 */
export async function presentReviews(
  db: Database,
  rows: repository.ReviewRow[],
  viewerId: string,
): Promise<VoteReview[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const counts = await repository.countReviewVotes(db, ids);
  const categories = await repository.findReviewCategories(db, ids);
  const people = rows.flatMap((row) => [row.createdBy, row.decidedBy]);
  const names = await repository.findUserNames(
    db,
    people.filter((id): id is string => id !== null),
  );
  const activeAdmins = await repository.countActiveAdmins(db);
  return rows.map((row) => {
    const states = counts.get(row.id) ?? { valid: 0, quarantined: 0, invalid: 0 };
    const source = (row.source ?? {}) as ReviewSource;
    return {
      id: row.id,
      reason: row.reason,
      status: row.status,
      voteCount: row.voteCount,
      quarantinedVotes: states.quarantined,
      invalidVotes: states.invalid,
      restoredVotes: states.valid,
      categories: (categories.get(row.id) ?? []).map((category) => ({
        _id: category.id,
        name: category.name,
      })),
      label: source.kind === 'filter' && source.label ? source.label : null,
      createdBy: person(row.createdBy, names),
      createdAt: row.createdAt.toISOString(),
      decidedBy: person(row.decidedBy, names),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
      canInvalidate: mayInvalidate(row, viewerId, activeAdmins),
    };
  });
}
