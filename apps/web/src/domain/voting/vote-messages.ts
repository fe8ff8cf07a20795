import { ERROR_CODES, type ErrorCode } from '@ovation/shared/messages';

/** A message to show: a key of the main catalog (`errors.*`) or of the voting namespace (`voting:*`). */
export type VoteMessage =
  | { namespace: 'translation'; key: `errors.${ErrorCode}` }
  | { namespace: 'voting'; key: VotingFallbackKey };

export type VotingFallbackKey = 'failure.invalidRequest' | 'failure.alreadyVotedToday' | 'failure.default';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/**
 * The message for a failed vote (spec 1 section 8). The server's stable code comes first (translated);
 * a bare message is rewritten as the spec asks ('already voted in this category today', 'already voted
 * today', 'not authorized'); else the status decides; else the generic failure.
 */
export function describeVoteFailure(status: number, code: string, message: string): VoteMessage {
  if (KNOWN_CODES.has(code)) {
    const known = code as ErrorCode;
    // A generic code from the validation layer reads better as the vote-specific text.
    if (known !== 'BAD_REQUEST' && known !== 'VALIDATION_ERROR')
      return { namespace: 'translation', key: `errors.${known}` };
  }
  const text = message.toLowerCase();
  if (text.includes('already voted in this category today'))
    return { namespace: 'translation', key: 'errors.ALREADY_VOTED_IN_CATEGORY_TODAY' };
  if (text.includes('already voted today')) return { namespace: 'voting', key: 'failure.alreadyVotedToday' };
  if (text.includes('not authorized')) return { namespace: 'translation', key: 'errors.ONLY_FANS_CAN_VOTE' };
  if (status === 401) return { namespace: 'translation', key: 'errors.LOGIN_TO_VOTE' };
  if (status === 400) return { namespace: 'voting', key: 'failure.invalidRequest' };
  if (status === 403) return { namespace: 'translation', key: 'errors.ONLY_FANS_CAN_VOTE' };
  if (status === 429) return { namespace: 'translation', key: 'errors.TOO_MANY_REQUESTS' };
  if (status === 0 || status >= 500) return { namespace: 'translation', key: 'errors.INTERNAL_ERROR' };
  return { namespace: 'voting', key: 'failure.default' };
}

/** The success text (spec 1 section 8): votes left for the category today, the daily limit reached, or plain. */
export function describeVoteSuccess(
  result: { remainingVotes?: number; category?: string } | undefined,
):
  | { key: 'success.remaining'; count: number; category: string }
  | { key: 'success.limitReached'; category: string }
  | { key: 'success.default' } {
  if (!result || typeof result.remainingVotes !== 'number' || !result.category)
    return { key: 'success.default' };
  if (result.remainingVotes <= 0) return { key: 'success.limitReached', category: result.category };
  return { key: 'success.remaining', count: result.remainingVotes, category: result.category };
}

/**
 * Wraps a name from the catalogue (a song or category, often in another script) in Unicode isolates so it
 * does not scramble the sentence around it: an English category inside an Arabic message stays readable.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
