import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CloseIcon, ShieldIcon } from '../../../components/ui/icons';
import { useModalDialog } from '../../../components/ui/modal';
import { AdminNav } from './admin-nav';

/**
 * The admin links on a phone: a native modal <dialog> sliding from the reading start (left, right in
 * Arabic). The browser keeps focus inside and the page behind inert, Escape closes it and focus goes back
 * to the menu button; following a link or tapping the backdrop closes it too.
 */
export function AdminDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const dialogRef = useModalDialog(open);
  const { pathname } = useLocation();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // A navigation (a link, Back) closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new pathname only.
  useEffect(() => {
    closeRef.current();
  }, [pathname]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard closes it with Escape.
    <dialog
      ref={dialogRef}
      aria-label={t('layout.navLabel')}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
      className="fixed inset-y-0 start-0 end-auto m-0 h-dvh max-h-none w-[min(20rem,85vw)] max-w-none border-e border-white/10 bg-ink-950 p-0 text-ink-100 shadow-2xl shadow-black/60 backdrop:bg-black/60"
    >
      {open && (
        <div className="flex h-full animate-fade-in flex-col overflow-y-auto px-3 pt-3 pb-8">
          <div className="mb-3 flex items-center justify-between gap-2 ps-3">
            <p className="flex items-center gap-2 font-bold text-ink-50">
              <ShieldIcon className="size-5 text-gold-300" />
              {t('layout.title')}
            </p>
            <button
              type="button"
              onClick={onClose}
              className="grid size-11 place-items-center rounded-full text-ink-300 hover:bg-white/10 hover:text-ink-50"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">{t('layout.closeMenu')}</span>
            </button>
          </div>
          <AdminNav onNavigate={onClose} />
        </div>
      )}
    </dialog>
  );
}
