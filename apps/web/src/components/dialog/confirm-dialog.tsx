import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../ui/confirm-actions';
import { Modal } from '../ui/modal';
import { DialogError } from './dialog-error';

export interface ConfirmDialogProps {
  open: boolean;
  /** 'Delete song?' */
  title: string;
  /** 'This action cannot be undone. The song will be permanently deleted.' */
  description?: ReactNode;
  /** The action's name on its button: 'Delete'. */
  confirmLabel: string;
  /** Default 'Cancel'. */
  cancelLabel?: string;
  /** 'danger' (default, coral) for destructive actions; 'primary' (gold) for the others. */
  tone?: 'danger' | 'primary';
  /** While true the confirm button spins and cannot be pressed twice; pass the action's isPending. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape, the close button and the backdrop. */
  onCancel: () => void;
  /**
   * The failure, translated, when the dialog stays open after a failed action (useAction's onError gives
   * the message). Shown above the buttons; a toast would sit under the dialog's backdrop.
   */
  error?: string | null;
  /** More content between the text and the buttons (what is about to be deleted). */
  children?: ReactNode;
}

/**
 * A confirmation before an action: the title as the dialog's name, the consequence as its description,
 * then the action and Cancel. A native modal dialog: focus moves in and is kept there, Escape closes, and
 * focus returns to the button that opened it. Close it yourself on success (useAction's onSuccess).
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
  error,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal open={open} onClose={onCancel} size="sm" title={title} description={description}>
      {children}
      <DialogError message={error} />
      <ConfirmActions
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel ?? t('kit.dialog.cancel')}
        busy={busy}
        tone={tone}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </Modal>
  );
}
