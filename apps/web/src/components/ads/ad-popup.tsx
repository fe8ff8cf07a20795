import type { ServedAd } from '@ovation/shared/schemas/ad-serving';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { Modal } from '../ui/modal';
import { AdCreative } from './ad-slot';

/**
 * The popup ad (loaded only when one is shown): the kit's modal, so Escape, the corner button and a click
 * beside it close it and focus returns where it was. Focus starts on Close, not on the ad: Enter or Space
 * right away dismisses it rather than leave for the sponsor's site.
 */
export default function AdPopup({ ad, onClose }: { ad: ServedAd; onClose: () => void }) {
  const { t } = useTranslation();
  const closeRef = useRef<HTMLButtonElement>(null);
  // Runs after the modal's own effect has opened the dialog (a child's effects run first).
  useEffect(() => closeRef.current?.focus(), []);

  return (
    // The sponsor's words keep their own direction on a page in the other one (<bdi>).
    <Modal
      open
      onClose={onClose}
      title={<bdi>{ad.title}</bdi>}
      description={ad.description ? <bdi>{ad.description}</bdi> : undefined}
    >
      <div data-ad-location="popup" className="mt-5">
        <AdCreative location="popup" ad={ad} />
      </div>
      <div className="mt-5 flex justify-end">
        <button ref={closeRef} type="button" onClick={onClose} className={buttonClass('secondary', 'md')}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
