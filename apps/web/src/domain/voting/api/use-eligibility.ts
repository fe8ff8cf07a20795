import type { categoryEligibilitySchema, songEligibilitySchema } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { type Session, useSession } from '../../../lib/session';
import { ELIGIBILITY_RECHECK_MS, type Eligibility } from '../vote-rules';

export type SongEligibility = z.infer<typeof songEligibilitySchema>;
export type CategoryEligibility = z.infer<typeof categoryEligibilitySchema>;

/** Every eligibility answer is per user: the key carries the user id, so a sign-out never shows stale state. */
export const eligibilityKeys = {
  all: ['votes', 'eligibility'] as const,
  song: (userId: string, songId: string) => [...eligibilityKeys.all, userId, 'song', songId] as const,
  category: (userId: string, categoryId: string) =>
    [...eligibilityKeys.all, userId, 'category', categoryId] as const,
};

/** 30 s: answers change only when this user votes (and the vote updates the cache itself). */
const ELIGIBILITY_STALE_MS = 30_000;

export function songEligibilityQuery(userId: string, songId: string) {
  return queryOptions({
    queryKey: eligibilityKeys.song(userId, songId),
    queryFn: ({ signal }) => apiGet<SongEligibility>(`/votes/check-song/${songId}`, { signal }),
    staleTime: ELIGIBILITY_STALE_MS,
    // A failed check means "may vote" (the public spec): no retries hammering a busy server.
    retry: false,
  });
}

export function categoryEligibilityQuery(userId: string, categoryId: string) {
  return queryOptions({
    queryKey: eligibilityKeys.category(userId, categoryId),
    queryFn: ({ signal }) => apiGet<CategoryEligibility>(`/votes/check/${categoryId}`, { signal }),
    staleTime: ELIGIBILITY_STALE_MS,
    retry: false,
  });
}

/** Only fans vote, so only fans are asked about: guests, artists and admins cost the server nothing. */
export function isFan(session: Session): session is Session & { user: { _id: string; role: 'fan' } } {
  return session.user?.role === 'fan';
}

export function fromSongEligibility(answer: SongEligibility): Eligibility {
  return {
    canVote: answer.canVote,
    votedThisSong: answer.hasVoted && !answer.canVote,
    nextVoteAt: answer.cooldownExpiry ? new Date(answer.cooldownExpiry) : null,
  };
}

export function fromCategoryEligibility(answer: CategoryEligibility, songId: string): Eligibility {
  return {
    canVote: answer.canVote,
    votedThisSong: answer.votedSongId === songId && !answer.canVote,
    nextVoteAt: answer.nextVoteTime ? new Date(answer.nextVoteTime) : null,
  };
}

export type EligibilitySource = 'song' | 'category';

export interface VoteEligibilityState {
  eligibility: Eligibility | undefined;
  /**
   * A fan's first check is still on its way (the button must not offer a vote it may refuse); undefined
   * for everyone else, who is offered the vote and the server decides.
   */
  checking: boolean | undefined;
}

/**
 * Whether the signed-in fan may vote for this song: from the song check (song page) or the category check
 * (lists and the category page: one call covers every song of the category). Undefined for everyone else
 * and when the check fails: the button then lets them try and the server decides.
 */
export function useVoteEligibility(
  song: { _id: string; category: { _id: string } },
  source: EligibilitySource,
  recheck: boolean,
): VoteEligibilityState {
  const session = useSession();
  const userId = isFan(session) ? session.user._id : '';
  const refetchInterval = recheck ? ELIGIBILITY_RECHECK_MS : undefined;
  const songQuery = useQuery({
    ...songEligibilityQuery(userId, song._id),
    enabled: userId !== '' && source === 'song',
    refetchInterval,
    select: fromSongEligibility,
  });
  const categoryQuery = useQuery({
    ...categoryEligibilityQuery(userId, song.category._id),
    enabled: userId !== '' && source === 'category',
    refetchInterval,
    select: (answer: CategoryEligibility) => fromCategoryEligibility(answer, song._id),
  });
  if (!userId) return { eligibility: undefined, checking: undefined };
  const query = source === 'song' ? songQuery : categoryQuery;
  return {
    eligibility: query.data && { ...query.data, checkedAt: query.dataUpdatedAt },
    checking: query.isLoading,
  };
}
