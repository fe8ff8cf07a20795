import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// Guests never download it: only a signed-in user has documents to accept.
const ConsentPrompt = lazy(() => import('../../features/account/components/consent-prompt'));

/** Mounts the prompt to accept new versions of the legal documents, for a signed-in user. */
export function ConsentSlot() {
  const session = useSession();
  if (!session.isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <ConsentPrompt />
    </Suspense>
  );
}
