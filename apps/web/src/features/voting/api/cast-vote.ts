import type { VoteResult } from '@ovation/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { deviceIdHeaders } from '../../../lib/device-id';
import { VOTE_WINDOW_MS } from '../vote-rules';
import { type CategoryEligibility, eligibilityKeys, type SongEligibility } from './use-eligibility';

/** The app's one public-settings query: the vote asks whether a CAPTCHA is required. */
export { publicSettingsQuery } from '../../../lib/public-settings';

/**
 * POST /votes: one vote for a song, with the CAPTCHA token when the platform requires one, and the
 * device id, which the vote records for the fraud review.
 */
export async function castVote(songId: string, captchaToken: string | undefined): Promise<VoteResult> {
  const result = await apiRequest<VoteResult>('/votes', {
    method: 'POST',
    body: captchaToken ? { songId, captchaToken } : { songId },
    headers: deviceIdHeaders(),
  });
  return result.data;
}

export interface VotedSong {
  _id: string;
  title: string;
  category: { _id: string };
}

/**
 * Shows the vote at once (the voted state, the category used), then asks the server again for every list,
 * total and eligibility answer the vote changed: the song lists, the category pages, the stats.
 */
export async function applyVote(
  queryClient: QueryClient,
  userId: string,
  song: VotedSong,
  result: VoteResult,
) {
  const now = Date.now();
  const renewal = result.nextVoteTime ?? new Date(now + VOTE_WINDOW_MS).toISOString();
  queryClient.setQueryData<SongEligibility>(eligibilityKeys.song(userId, song._id), {
    canVote: false,
    hasVoted: true,
    cooldownExpiry: renewal,
    hoursRemaining: (Date.parse(renewal) - now) / 3_600_000,
    voteTime: new Date(now).toISOString(),
  });
  queryClient.setQueryData<CategoryEligibility>(eligibilityKeys.category(userId, song.category._id), () => ({
    userId,
    canVote: result.remainingVotes > 0,
    hasVoted: true,
    hasVotedToday: true,
    nextVoteTime: result.remainingVotes > 0 ? null : renewal,
    votedSongId: song._id,
    votedSongTitle: song.title,
    dailyVoteCount: result.dailyVoteCount,
    dailyVoteLimit: result.dailyVoteLimit,
    remainingVotes: result.remainingVotes,
  }));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['songs'] }),
    queryClient.invalidateQueries({ queryKey: ['categories'] }),
    queryClient.invalidateQueries({ queryKey: ['stats'] }),
  ]);
}
