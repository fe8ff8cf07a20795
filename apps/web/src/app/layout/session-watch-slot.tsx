import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../lib/session';

// Guests never download it: the inactivity tracker and the Session Expired screen load with a session.
const SessionWatch = lazy(() => import('./session-watch'));

/**
 * Mounts the session watcher (inactivity logout, presence heartbeat, token check at start, Session Expired
 * screen) for a signed-in user, and keeps it while the Session Expired screen shows.
 */
export function SessionWatchSlot() {
  const session = useSession();
  // Only a session found in storage at start is checked with the server; a fresh login just was.
  const [signedInAtStart] = useState(() => session.isAuthenticated);
  if (!session.isAuthenticated && !session.expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionWatch checkTokenOnStart={signedInAtStart} />
    </Suspense>
  );
}
