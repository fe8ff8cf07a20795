import type { VoteCluster, VoteFilter } from './api';
import { spikeFilter } from './velocity-data';

/**
 * Whose votes the panel lists: a cluster's (its filter), a velocity spike's (the song's votes in that
 * minute; `song` names it while the signals still draw it), a review's, or a cluster no longer in the
 * signals.
 */
export type VotesSource =
  | { kind: 'cluster'; cluster: VoteCluster }
  | { kind: 'spike'; songId: string; at: number; song: { title: string } | null }
  | { kind: 'review'; reviewId: number }
  | { kind: 'gone' };

/** The votes a source stands for, as the votes call filters them; null for a cluster that is gone. */
export function filterOfSource(source: VotesSource): VoteFilter | null {
  if (source.kind === 'cluster') return source.cluster.filter;
  if (source.kind === 'spike') return spikeFilter(source.songId, source.at);
  if (source.kind === 'review') return { reviewId: source.reviewId };
  return null;
}

/** What tells one source from another: a new key moves the focus to the panel and empties the selection. */
export function keyOfSource(source: VotesSource): string {
  if (source.kind === 'cluster') return source.cluster.key;
  if (source.kind === 'spike') return `${source.songId}@${source.at}`;
  if (source.kind === 'review') return String(source.reviewId);
  return '';
}

/** Whether the source's votes can be set aside (a signal's) or only restored (a review's). */
export function quarantinesFrom(source: VotesSource): boolean {
  return source.kind === 'cluster' || source.kind === 'spike';
}
