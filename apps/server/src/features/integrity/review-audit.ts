import type { Database } from '../../lib/db';
import { type Actor, audit } from '../audit/service';
import { type ChangedVote, findSongNames } from './review-repository';

/** The audit actions of the vote-state changes. */
export type VoteChangeAction = 'votes.quarantine' | 'votes.invalidate' | 'votes.restore';

/** What one vote-state action did, as its audit entry records it. */
export interface VoteChange {
  reviewId: number;
  reason: string;
  changed: ChangedVote[];
  /** Valid votes per song id, before and after the action. */
  totalsBefore: Record<string, number>;
  totalsAfter: Record<string, number>;
}

/**
 * Totals keyed by 'Title — Artist' instead of the song id, so the audit screen's before/after reads as
 * the songs it changed ('Essence — Wizkid: 1,204 → 1,180'); `songIds` in the details maps each key back.
 * Two songs of one name in different categories get the later one's id appended.
 */
function readableKeys(songIds: string[], names: Map<string, { title: string; artist: string }>) {
  const keys = new Map<string, string>();
  const taken = new Set<string>();
  for (const id of songIds) {
    const song = names.get(id);
    let key = song ? `${song.title} — ${song.artist}` : id;
    if (taken.has(key)) key = `${key} (${id})`;
    taken.add(key);
    keys.set(id, key);
  }
  return keys;
}

const rekey = (totals: Record<string, number>, keys: Map<string, string>) =>
  Object.fromEntries(Object.entries(totals).map(([id, total]) => [keys.get(id) ?? id, total]));

/**
 * Audits a vote-state action in the caller's transaction: the review, every vote id it changed, and the
 * valid totals of the songs it touched before and after ('every action audited with the vote
 * ids and the totals before and after').
 */
export async function auditVoteChange(
  tx: Database,
  actor: Actor,
  action: VoteChangeAction,
  change: VoteChange,
  extra: Record<string, unknown>,
) {
  const songIds = Object.keys(change.totalsBefore);
  const keys = readableKeys(songIds, await findSongNames(tx, songIds));
  await audit(tx, actor, {
    action,
    targetType: 'voteReview',
    targetId: String(change.reviewId),
    before: rekey(change.totalsBefore, keys),
    after: rekey(change.totalsAfter, keys),
    details: {
      // The target's label on the audit screen and the dashboard: the review's reason.
      label: change.reason,
      reviewId: change.reviewId,
      changed: change.changed.length,
      voteIds: change.changed.map((vote) => vote.id).sort((a, b) => a - b),
      songIds: Object.fromEntries(songIds.map((id) => [keys.get(id) ?? id, id])),
      ...extra,
    },
  });
}
