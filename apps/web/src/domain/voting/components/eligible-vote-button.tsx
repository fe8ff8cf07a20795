import { type EligibilitySource, useVoteEligibility } from '../api/use-eligibility';
import { VoteButton, type VoteButtonProps } from './vote-button';

export interface EligibleVoteButtonProps extends Omit<VoteButtonProps, 'eligibility'> {
  /** Where eligibility comes from: the song check (song page) or the category check (lists, category page). */
  source?: EligibilitySource;
  /** Re-check eligibility every 60 s (detail pages, the public spec). */
  recheck?: boolean;
}

/**
 * The vote button that knows this fan's state ('Voted ✓ 23h 59m', '{n}h cooldown'): it asks the server
 * (only for signed-in fans) and renders VoteButton with the answer.
 */
export function EligibleVoteButton({
  source = 'category',
  recheck = false,
  ...props
}: EligibleVoteButtonProps) {
  const { eligibility, checking } = useVoteEligibility(props.song, source, recheck);
  return <VoteButton {...props} eligibility={eligibility} checking={checking} />;
}
