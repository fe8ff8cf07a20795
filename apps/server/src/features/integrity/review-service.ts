import type {
  InvalidateReviewBody,
  QuarantineBody,
  RestoreReviewBody,
  VoteActionResult,
  VoteFilter,
  VoteReview,
  VoteReviewsQuery,
} from '@ovation/shared';
import type { SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Conflict, Forbidden, NotFound } from '../../lib/errors';
import type { Actor } from '../audit/service';
import { auditVoteChange, type VoteChange, type VoteChangeAction } from './review-audit';
import * as repository from './review-repository';
import { assertResultsOpen, readResultsLock } from './review-results-gate';
import { mayInvalidate, presentReviews } from './review-views';
import { assertFilterIdsExist, voteFilterConditions } from './vote-filter-repository';

export interface IntegrityReviewDependencies {
  db: Database;
  clock: Clock;
}

/**
 * 50,000 votes: five times the largest cluster the benchmark quarantines. A filter matching more is almost
 * surely too broad (a whole category), and one audit entry listing every id stays around half a megabyte.
 */
export const MAX_VOTES_PER_ACTION = 50_000;

/**
 * A filter in words made of its own values (no language): the review's label when the screen gave none.
 * A bare ISO interval ('<from>/<to>') is what a registration burst is labelled with, and the screen reads
 * it as 'accounts created between' (web cluster-label.ts); so only the accounts' span is written that
 * way, and the votes' own span carries its field names ('from=<from> to=<to>'), which never reads as one.
 */
function describeFilter(filter: VoteFilter): string | null {
  const interval = (from?: string, to?: string) => (from || to ? `${from ?? '…'}/${to ?? '…'}` : undefined);
  const castBetween = [filter.from && `from=${filter.from}`, filter.to && `to=${filter.to}`]
    .filter(Boolean)
    .join(' ');
  const parts = [
    filter.ipPrefix,
    filter.deviceSignature,
    filter.emailPattern,
    interval(filter.accountsCreatedFrom, filter.accountsCreatedTo),
    castBetween,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** Valid votes a change removes (-) or adds (+) per song. */
function deltasOf(changed: repository.ChangedVote[], sign: 1 | -1) {
  const deltas = new Map<string, number>();
  for (const vote of changed) deltas.set(vote.songId, (deltas.get(vote.songId) ?? 0) + sign);
  return deltas;
}

/**
 * The one core of every state change: counts the songs' valid totals before, moves the tallies by the
 * change (same transaction, shard 0) and answers the totals after. With `sign` 0 (valid votes stay as they
 * are: quarantined -> invalid) the tallies are untouched.
 */
async function applyToTallies(tx: Database, changed: repository.ChangedVote[], sign: 1 | -1 | 0) {
  const deltas = sign === 0 ? new Map<string, number>() : deltasOf(changed, sign);
  const songIds = [...new Set(changed.map((vote) => vote.songId))].sort();
  const before = await repository.findSongTotals(tx, songIds);
  await repository.adjustTallies(tx, deltas);
  const totalsBefore: Record<string, number> = {};
  const totalsAfter: Record<string, number> = {};
  for (const songId of songIds) {
    totalsBefore[songId] = before.get(songId) ?? 0;
    totalsAfter[songId] = totalsBefore[songId] + (deltas.get(songId) ?? 0);
  }
  return { totalsBefore, totalsAfter };
}

async function viewOf(tx: Database, reviewId: number, viewerId: string): Promise<VoteReview> {
  const row = await repository.lockReview(tx, reviewId);
  const [view] = await presentReviews(tx, [row!], viewerId);
  return view!;
}

/**
 * The locks a decision on a review takes, in the one order every change takes them (the results, then
 * the review): whether the results are published, and the review (404 REVIEW_NOT_FOUND).
 */
async function lockReviewDecision(tx: Database, reviewId: number) {
  const resultsPublished = await readResultsLock(tx);
  const review = await repository.lockReview(tx, reviewId);
  if (!review) throw NotFound('REVIEW_NOT_FOUND');
  return { resultsPublished, review };
}

/**
 * Nothing changed, or (for a selection) less than all of it because someone else changed part of it
 * meanwhile: 409 VOTES_ALREADY_IN_STATE, and the whole transaction rolls back.
 */
function assertAllChanged(changed: repository.ChangedVote[], selection: number[] | undefined) {
  if (changed.length === 0 || (selection && changed.length < selection.length))
    throw Conflict('VOTES_ALREADY_IN_STATE');
}

/**
 * How every state change ends, in its transaction: the tallies move by the change (`sign` as in
 * applyToTallies), the action is audited with the vote ids and the totals before and after, and the
 * answer carries the review as the actor now sees it.
 */
async function settleChange(
  tx: Database,
  actor: Actor,
  action: VoteChangeAction,
  review: Pick<repository.ReviewRow, 'id' | 'reason'>,
  changed: repository.ChangedVote[],
  sign: 1 | -1 | 0,
  extra: Record<string, unknown>,
): Promise<VoteActionResult> {
  const totals = await applyToTallies(tx, changed, sign);
  const change: VoteChange = { reviewId: review.id, reason: review.reason, changed, ...totals };
  await auditVoteChange(tx, actor, action, change, extra);
  return { review: await viewOf(tx, review.id, actor.id), changed: changed.length, ...totals };
}

/**
 * An admin quarantines votes (POST /admin/integrity/quarantine): a selection of vote ids, or every valid
 * vote a filter matches at this moment. The votes leave the count at once: in one transaction they become
 * 'quarantined' under a new open review, the songs' tallies drop by as many, and the action is audited
 * with the ids and the totals before and after. A selection must exist (404 VOTE_NOT_FOUND) and be valid
 * throughout (409 VOTES_ALREADY_IN_STATE, also when another admin quarantined some of it meanwhile); a
 * filter's category, song and review must exist (404 CATEGORY_NOT_FOUND, SONG_NOT_FOUND, REVIEW_NOT_FOUND)
 * and it must match at least one valid vote. Refused while the results are published.
 */
export async function quarantineVotes(
  deps: IntegrityReviewDependencies,
  body: QuarantineBody,
  actor: Actor,
): Promise<VoteActionResult> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const resultsPublished = await readResultsLock(tx);
    let where: SQL[];
    let source: Record<string, unknown>;
    const selection = body.voteIds ? [...new Set(body.voteIds)] : undefined;
    if (selection) {
      const states = await repository.findVoteStates(tx, selection);
      if (states.length < selection.length) throw NotFound('VOTE_NOT_FOUND');
      assertResultsOpen(resultsPublished);
      if (states.some((vote) => vote.status !== 'valid')) throw Conflict('VOTES_ALREADY_IN_STATE');
      where = [repository.voteIdIn(selection)];
      source = { kind: 'selection' };
    } else {
      const filter = body.filter!;
      await assertFilterIdsExist(tx, filter);
      assertResultsOpen(resultsPublished);
      where = voteFilterConditions(filter);
      source = { kind: 'filter', filter, label: body.label || describeFilter(filter) };
      // Refused before anything changes; the check after the change below covers votes cast meanwhile.
      if (
        (await repository.countVotesUpTo(tx, where, 'valid', MAX_VOTES_PER_ACTION + 1)) > MAX_VOTES_PER_ACTION
      )
        throw Conflict('QUARANTINE_TOO_LARGE');
    }

    const review = await repository.insertReview(tx, {
      reason: body.reason,
      source,
      createdBy: actor.id,
      at,
    });
    const changed = await repository.changeVoteStates(tx, {
      where,
      from: 'valid',
      to: 'quarantined',
      reviewId: review.id,
      actorId: actor.id,
      at,
    });
    // Nothing left to set aside: the rollback takes the new review with it.
    assertAllChanged(changed, selection);
    if (changed.length > MAX_VOTES_PER_ACTION) throw Conflict('QUARANTINE_TOO_LARGE');
    await repository.setReviewVoteCount(tx, review.id, changed.length);
    return settleChange(tx, actor, 'votes.quarantine', review, changed, -1, { source });
  });
}

/**
 * An admin confirms a review's quarantined votes invalid (POST /admin/integrity/reviews/{id}/invalidate).
 * The votes were already out of the count, so the tallies do not move; the review is decided
 * ('invalidated'). While the platform has more than one active admin, the admin who opened the review
 * may not do this (403 SECOND_ADMIN_REQUIRED). 404 REVIEW_NOT_FOUND, 409 REVIEW_ALREADY_DECIDED, 409
 * RESULTS_PUBLISHED, 409 VOTES_ALREADY_IN_STATE when no vote of the review is quarantined any more.
 * Audited with the ids and the (unchanged) totals.
 */
export async function invalidateReview(
  deps: IntegrityReviewDependencies,
  reviewId: number,
  body: InvalidateReviewBody,
  actor: Actor,
): Promise<VoteActionResult> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { resultsPublished, review } = await lockReviewDecision(tx, reviewId);
    if (review.status !== 'open') throw Conflict('REVIEW_ALREADY_DECIDED');
    if (!mayInvalidate(review, actor.id, await repository.countActiveAdmins(tx)))
      throw Forbidden('SECOND_ADMIN_REQUIRED');
    assertResultsOpen(resultsPublished);

    const changed = await repository.changeVoteStates(tx, {
      where: [repository.voteOfReview(reviewId)],
      from: 'quarantined',
      to: 'invalid',
      actorId: actor.id,
      at,
    });
    // An open review none of whose votes is quarantined any more (its fans' accounts were deleted, say):
    // nothing to confirm, so nothing is decided or audited as if it had been.
    assertAllChanged(changed, undefined);
    const note = body?.note || null;
    await repository.decideReview(tx, reviewId, { status: 'invalidated', decidedBy: actor.id, at, note });
    return settleChange(tx, actor, 'votes.invalidate', review, changed, 0, { note });
  });
}

/**
 * An admin restores a review's quarantined votes (all, or the ids listed) to valid (POST
 * /admin/integrity/reviews/{id}/restore): they count again at once, the tallies rise by as many in the same
 * transaction. Once none of the review's votes is quarantined any more the review is decided: 'restored',
 * or 'invalidated' when some of its votes were confirmed invalid. Listed ids that are not this review's
 * votes answer 404 VOTE_NOT_FOUND; nothing (or not all listed) left to restore, 409
 * VOTES_ALREADY_IN_STATE; 409 RESULTS_PUBLISHED. Audited with the ids and totals before and after.
 */
export async function restoreReview(
  deps: IntegrityReviewDependencies,
  reviewId: number,
  body: RestoreReviewBody,
  actor: Actor,
): Promise<VoteActionResult> {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { resultsPublished, review } = await lockReviewDecision(tx, reviewId);
    const selection = body?.voteIds ? [...new Set(body.voteIds)] : undefined;
    const where = [repository.voteOfReview(reviewId)];
    if (selection) {
      const states = await repository.findVoteStates(tx, selection);
      const ofReview = states.filter((vote) => vote.reviewId === reviewId);
      if (ofReview.length < selection.length) throw NotFound('VOTE_NOT_FOUND');
      where.push(repository.voteIdIn(selection));
    }
    assertResultsOpen(resultsPublished);

    const changed = await repository.changeVoteStates(tx, {
      where,
      from: 'quarantined',
      to: 'valid',
      actorId: actor.id,
      at,
    });
    assertAllChanged(changed, selection);
    const note = body?.note || null;
    const counts = (await repository.countReviewVotes(tx, [reviewId])).get(reviewId)!;
    if (review.status === 'open' && counts.quarantined === 0) {
      const status = counts.invalid > 0 ? 'invalidated' : 'restored';
      await repository.decideReview(tx, reviewId, { status, decidedBy: actor.id, at, note });
    }
    return settleChange(tx, actor, 'votes.restore', review, changed, 1, {
      note,
      partial: selection !== undefined,
    });
  });
}

/** GET /admin/integrity/reviews: one page of reviews (open, decided or all), newest first, and how many match. */
export async function listReviews(
  deps: IntegrityReviewDependencies,
  query: VoteReviewsQuery,
  viewerId: string,
) {
  const { rows, total } = await repository.findReviewPage(
    deps.db,
    { status: query.status, search: query.search },
    query,
  );
  return { reviews: await presentReviews(deps.db, rows, viewerId), total };
}
