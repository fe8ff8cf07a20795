import { lazy, Suspense } from 'react';
import { useShowCountdown } from '../countdown-gate';

// The countdown's code (and the voting strings) load only for visitors who will see it: before voting opens.
const CountdownModal = lazy(() => import('./countdown-modal'));

/** The layout's place for the pre-voting countdown modal (the public spec's Layout). */
export function CountdownSlot() {
  const show = useShowCountdown();
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CountdownModal />
    </Suspense>
  );
}
