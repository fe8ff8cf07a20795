import { useState } from 'react';
import { useLocation } from 'react-router';
import { useVotingStatus } from '../../domain/voting/api/use-voting-status';
import { resolveVotingPeriod } from '../../domain/voting/voting-period';
import { countdownSeenRecently } from '../../domain/voting/voting-storage';
import { useSession } from '../../lib/session';

/** Pages where the countdown would be in the way of getting into an account (the public spec's Layout). */
const NO_COUNTDOWN_PATHS = new Set(['/login', '/register', '/forgot-password', '/reset-password']);

/**
 * Whether the layout should load the pre-voting countdown (the public spec's Layout): voting has not started, the
 * visitor is not an admin, the page is not one of signing in, registering or recovering a password, and they
 * have not seen it in the last hour.
 * Light on purpose: the modal's own code loads only when this says yes.
 */
export function useShowCountdown(): boolean {
  const { pathname } = useLocation();
  const session = useSession();
  const { data: status, isPending } = useVotingStatus();
  const [seenRecently] = useState(() => countdownSeenRecently());
  // Once shown, the modal stays until it closes itself: at zero it says voting is open for 3 seconds,
  // although the period (re-read on any render from then on) already says open.
  const [shown, setShown] = useState(false);
  if (session.user?.role === 'admin' || NO_COUNTDOWN_PATHS.has(pathname)) return false;
  if (shown) return true;
  if (isPending || seenRecently) return false;
  const period = resolveVotingPeriod(status);
  const show = period.phase === 'notStarted' && period.opensLater;
  if (show) setShown(true);
  return show;
}
