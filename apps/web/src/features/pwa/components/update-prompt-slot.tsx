import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { isUpdateWaiting, registerServiceWorker, subscribeToUpdate } from '../service-worker';

// Nobody downloads the prompt (or its texts) until a new version is actually waiting.
const UpdatePrompt = lazy(() => import('./update-prompt'));

/**
 * Registers the service worker once the page is idle (production builds only: the dev server has none),
 * so installing it never competes with the first paint, and shows the update prompt when a new version
 * waits. The status region exists before the prompt does, so screen readers announce it when it appears.
 */
export function UpdatePromptSlot() {
  const waiting = useSyncExternalStore(subscribeToUpdate, isUpdateWaiting, () => false);
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return whenIdle(() => void registerServiceWorker());
  }, []);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {waiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </div>
  );
}
