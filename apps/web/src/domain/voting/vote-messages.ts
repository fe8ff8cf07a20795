import type { VoteResult } from '@ovation/shared';
import type { ErrorCode } from '@ovation/shared/messages';
import { ApiError } from '../../lib/api-client';
import { errorMessageSource } from '../../lib/api-error-message';

/** A message to show: a key of the main catalog (`errors.*`), of the voting namespace, or the server's words. */
export type VoteMessage =
  | { namespace: 'translation'; key: `errors.${ErrorCode}` }
  | { namespace: 'voting'; key: VotingFallbackKey }
  | { text: string };

export type VotingFallbackKey = 'failure.invalidRequest' | 'failure.default';

/** Codes of the validation layer: for a vote, 'Invalid vote request.' says more than their generic text. */
const GENERIC_CODES = ['BAD_REQUEST', 'VALIDATION_ERROR'] as const;

/**
 * The message for a failed vote, by the app's one rule (lib/api-error-message.ts): the server's code
 * translated, else its own message; else the vote's words for the status; else the generic failure.
 * Nothing here reads the words of a message.
 */
export function describeVoteFailure(error: unknown): VoteMessage {
  const source = errorMessageSource(error, { preferFallback: GENERIC_CODES });
  if ('key' in source) return { namespace: 'translation', key: source.key as `errors.${ErrorCode}` };
  if ('text' in source) return { text: source.text };
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return { namespace: 'translation', key: 'errors.LOGIN_TO_VOTE' };
  if (status === 400) return { namespace: 'voting', key: 'failure.invalidRequest' };
  if (status === 403) return { namespace: 'translation', key: 'errors.ONLY_FANS_CAN_VOTE' };
  if (status === 429) return { namespace: 'translation', key: 'errors.TOO_MANY_REQUESTS' };
  if (status === 0 || status >= 500) return { namespace: 'translation', key: 'errors.INTERNAL_ERROR' };
  return { namespace: 'voting', key: 'failure.default' };
}

/** A vote's success, as a key of the shell catalog (the server words its answer from the same entries). */
export type VoteSuccess =
  | { key: 'success.voteRemainingToday' | 'success.voteRemaining'; count: number; category: string }
  | { key: 'success.voteDailyLimitReached' | 'success.voteAllUsed'; category: string }
  | { key: 'default' };

/**
 * The success text from the vote's facts: the votes left in the category (today, with a daily quota), the
 * quota used up, or plain when the answer lacks them.
 */
export function describeVoteSuccess(
  result: Partial<Pick<VoteResult, 'remainingVotes' | 'category' | 'quotaWindow'>> | undefined,
): VoteSuccess {
  if (!result || typeof result.remainingVotes !== 'number' || !result.category) return { key: 'default' };
  const { remainingVotes: count, category } = result;
  const daily = result.quotaWindow !== 'votingPeriod';
  if (count <= 0) return { key: daily ? 'success.voteDailyLimitReached' : 'success.voteAllUsed', category };
  return { key: daily ? 'success.voteRemainingToday' : 'success.voteRemaining', count, category };
}
