import { z } from 'zod';
import { dataEnvelope } from './envelope';

/** Reasons the server gives; the client maps each to its translated text (spec 1 section 4). */
export const VOTING_REASONS = {
  notStarted: 'Voting has not started yet',
  disabled: 'Voting is disabled by administrator',
  active: 'Voting is active',
  ended: 'Voting period has ended',
} as const;

export const votingStatusSchema = z.object({
  isAllowed: z.boolean(),
  reason: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  period: z.object({ startDate: z.string().nullable(), endDate: z.string().nullable() }),
  serverTime: z.string(),
});
export type VotingStatus = z.infer<typeof votingStatusSchema>;
export const votingStatusResponseSchema = dataEnvelope(votingStatusSchema);
