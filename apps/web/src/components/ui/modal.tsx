import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons';

interface ModalProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Shown above the title (an icon or badge). */
  eyebrow?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * Asked before any way of closing (Escape, the close button, the backdrop): false keeps the dialog open
   * (a form with unsaved changes whose user chose to stay).
   */
  confirmClose?: () => boolean;
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A native <dialog> shown as a modal while `open` (focus trapped, the page behind inert) and closed
 * otherwise; put the returned ref on the <dialog>. The modal below and the admin's phone drawer use it.
 */
export function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return dialogRef;
}

/**
 * An accessible modal built on the native <dialog>: the browser traps focus, makes the page behind it
 * inert, closes on Escape and returns focus to the opener. The close button comes last in the DOM (shown
 * in the top corner) so the first control of the content gets the initial focus.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  eyebrow,
  size = 'md',
  confirmClose,
}: ModalProps) {
  const { t } = useTranslation();
  const dialogRef = useModalDialog(open);
  const titleId = useId();
  const descriptionId = useId();
  const requestClose = () => {
    if (!confirmClose || confirmClose()) onClose();
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop; the keyboard closes it with Escape.
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        // Escape: the dialog stays open unless the close is confirmed (then it closes and onClose runs).
        if (confirmClose && !confirmClose()) event.preventDefault();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === dialogRef.current) requestClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${WIDTHS[size]} overflow-hidden rounded-3xl border border-white/10 bg-ink-900 p-0 text-ink-100 shadow-2xl shadow-black/60`}
    >
      {open && (
        <div className="relative max-h-[calc(100dvh-2rem)] animate-rise overflow-y-auto p-6 sm:p-8">
          {eyebrow}
          <h2 id={titleId} className="pe-10 text-2xl font-bold tracking-tight text-ink-50">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-2 text-ink-300">
              {description}
            </p>
          )}
          {children}
          <button
            type="button"
            onClick={requestClose}
            className="absolute end-3 top-3 grid size-11 place-items-center rounded-full text-ink-300 hover:bg-white/10 hover:text-ink-50"
          >
            <CloseIcon />
            <span className="sr-only">{t('common.close')}</span>
          </button>
        </div>
      )}
    </dialog>
  );
}
