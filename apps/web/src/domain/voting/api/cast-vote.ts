import type { VoteResult } from '@ovation/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { deviceIdHeaders } from '../../../lib/device-id';
import { VOTE_WINDOW_MS } from '../vote-rules';
import { type CategoryEligibility, eligibilityKeys, type SongEligibility } from './use-eligibility';

/** The app's one public-settings query: the vote asks whether a CAPTCHA is required. */
export { publicSettingsQuery } from '../../../lib/public-settings';

/** The longest the one retry of a 503 waits, whatever Retry-After says: the fan is watching a spinner. */
const MAX_RETRY_WAIT_MS = 5_000;

/**
 * POST /votes: one vote for a song, with the CAPTCHA token when the platform requires one, and the
 * device id, which the vote records for the fraud review. A 503 means the vote was not stored (a burst
 * the server could not take at that instant): it is sent once more after Retry-After, with the pass the
 * answer carried in place of the spent CAPTCHA token. A 503 that says the vote may have been stored is
 * not sent again.
 */
export async function castVote(songId: string, captchaToken: string | undefined): Promise<VoteResult> {
  const send = (body: { songId: string; captchaToken?: string; retryPass?: string }) =>
    apiRequest<VoteResult>('/votes', { method: 'POST', body, headers: deviceIdHeaders() });
  try {
    return (await send(captchaToken ? { songId, captchaToken } : { songId })).data;
  } catch (error) {
    const retry = retryOf(error);
    if (!retry) throw error;
    await new Promise((resolve) => setTimeout(resolve, retry.waitMs));
    return (await send({ songId, retryPass: retry.pass })).data;
  }
}

/**
 * How to send a vote again after this failure, or null when it must not be sent again: only the server's
 * own 503 saying nothing was stored carries a retry pass. Any other 503 (a proxy's, or one that says the
 * vote may have been stored) might follow a vote that landed.
 */
export function retryOf(error: unknown): { waitMs: number; pass: string } | null {
  if (!(error instanceof ApiError) || error.status !== 503) return null;
  const body = (error.body ?? {}) as { retryAfterSeconds?: unknown; retryPass?: unknown };
  if (typeof body.retryPass !== 'string') return null;
  const seconds = typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : 1;
  return {
    // A little jitter: a crowd refused at the same instant should not come back at the same instant.
    waitMs: Math.min(MAX_RETRY_WAIT_MS, seconds * 1000 * (1 + Math.random() * 0.5)),
    pass: body.retryPass,
  };
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
