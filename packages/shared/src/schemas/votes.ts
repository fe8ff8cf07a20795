import { z } from 'zod';
import { dataEnvelope } from './envelope';

export const castVoteBodySchema = z.object({
  songId: z.string().uuid(),
  captchaToken: z.string().max(20_000).optional(),
  /** The pass a 503 answer carried: it stands in for the CAPTCHA on the one retry (server retry-pass.ts). */
  retryPass: z.string().max(200).optional(),
});

export const voteResultSchema = z.object({
  voteId: z.string(),
  songId: z.string(),
  categoryId: z.string(),
  category: z.string(),
  dailyVoteCount: z.number().int(),
  dailyVoteLimit: z.number().int(),
  remainingVotes: z.number().int(),
  /**
   * What the category's quota counts over: the last 24 hours ('day') or the whole voting period. With the
   * votes left and the category it is all the client needs to say the vote's outcome in its own words.
   */
  quotaWindow: z.enum(['day', 'votingPeriod']),
  /** When the fan may vote in this category again, if the quota is now used up. */
  nextVoteTime: z.string().nullable(),
  createdAt: z.string(),
});
export type VoteResult = z.infer<typeof voteResultSchema>;

export const castVoteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: voteResultSchema,
  dailyVoteCount: z.number().int(),
  dailyVoteLimit: z.number().int(),
  remainingVotes: z.number().int(),
  category: z.string(),
});

export const categoryEligibilitySchema = z.object({
  canVote: z.boolean(),
  hasVoted: z.boolean(),
  hasVotedToday: z.boolean(),
  nextVoteTime: z.string().nullable(),
  userId: z.string().nullable(),
  votedSongId: z.string().nullable(),
  votedSongTitle: z.string().nullable(),
  dailyVoteCount: z.number().int(),
  dailyVoteLimit: z.number().int(),
  remainingVotes: z.number().int(),
});
export const categoryEligibilityResponseSchema = dataEnvelope(categoryEligibilitySchema);

export const songEligibilitySchema = z.object({
  canVote: z.boolean(),
  hasVoted: z.boolean(),
  cooldownExpiry: z.string().nullable(),
  hoursRemaining: z.number(),
  voteTime: z.string().nullable(),
});
export const songEligibilityResponseSchema = dataEnvelope(songEligibilitySchema);

export const songVoterSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), role: z.string() }).nullable(),
});
export const songVotersResponseSchema = dataEnvelope(z.array(songVoterSchema));
