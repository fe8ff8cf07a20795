import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import { lazy, Suspense, useEffect, useState } from 'react';
import { markPopupShown, popupShownToday, schedulePopup } from '../../lib/ads/popup-schedule';
import { useAdSlot } from './ad-page';

const loadPopup = () => import('./ad-popup');
// Most page views have no popup to show (once a day at most): its code loads only when one comes.
const AdPopup = lazy(loadPopup);

/**
 * The popup location: when the page was served a popup ad and none showed today, shows it a few seconds
 * later (never over another dialog), and notes the day so it does not come back until tomorrow.
 */
export function AdPopupSlot() {
  const slot = useAdSlot('popup');
  const ad = slot.kind === 'ad' ? slot.ad : null;
  const [shown, setShown] = useState<ServedAd | null>(null);

  useEffect(() => {
    if (!ad || popupShownToday()) return;
    void loadPopup();
    return schedulePopup(() => {
      // Another tab may have shown it meanwhile.
      if (popupShownToday()) return;
      markPopupShown();
      setShown(ad);
    });
  }, [ad]);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AdPopup ad={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
