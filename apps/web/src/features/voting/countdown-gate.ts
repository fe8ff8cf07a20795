import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { useVotingStatus } from './api/use-voting-status';
import { resolveVotingPeriod } from './voting-period';
import { countdownSeenRecently } from './voting-storage';

/** Pages where the countdown would be in the way of signing in (spec 1 Layout). */
const NO_COUNTDOWN_PATHS = new Set(['/login', '/register']);

/**
 * Whether the layout should load the pre-voting countdown (spec 1 Layout): voting has not started, the
 * visitor is not an admin, the page is not login or register, and they have not seen it in the last hour.
 * Light on purpose: the modal's own code loads only when this says yes.
 */
export function useShowCountdown(): boolean {
  const { pathname } = useLocation();
  const session = useSession();
  const { data: status, isPending } = useVotingStatus();
  const [seenRecently] = useState(() => countdownSeenRecently());
  if (isPending || seenRecently) return false;
  if (session.user?.role === 'admin' || NO_COUNTDOWN_PATHS.has(pathname)) return false;
  const period = resolveVotingPeriod(status);
  return period.phase === 'notStarted' && period.opensLater;
}
