import { buttonClass } from './button-styles';
import { InlineSpinner } from './spinner';

interface ConfirmActionsProps {
  confirmLabel: string;
  cancelLabel: string;
  /** While true the confirm button shows a spinner and cannot be pressed again. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** 'danger' (default): the coral button of a destructive action; 'primary': the gold one. */
  tone?: 'danger' | 'primary';
}

/** The two buttons of a confirmation modal: the action first (last on phones), then Cancel. */
export function ConfirmActions({
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  tone = 'danger',
}: ConfirmActionsProps) {
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
      <button
        type="button"
        disabled={busy}
        onClick={onConfirm}
        className={buttonClass(tone === 'danger' ? 'danger' : 'primary', 'md', 'flex-1')}
      >
        {busy && <InlineSpinner />}
        {confirmLabel}
      </button>
      <button type="button" onClick={onCancel} className={buttonClass('secondary', 'md', 'flex-1')}>
        {cancelLabel}
      </button>
    </div>
  );
}
