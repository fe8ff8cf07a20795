import { z } from 'zod';
import { dataEnvelope } from './envelope';

export { VOTING_REASONS } from '../constants';

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
