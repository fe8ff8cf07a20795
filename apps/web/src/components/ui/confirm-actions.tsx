import { buttonClass } from './button-styles';
import { InlineSpinner } from './spinner';

interface ConfirmActionsProps {
  confirmLabel: string;
  cancelLabel: string;
  /** While true the confirm button shows a spinner and cannot be pressed again. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The two buttons of a destructive confirmation modal: the coral action first (last on phones), then Cancel. */
export function ConfirmActions({
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmActionsProps) {
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
      <button
        type="button"
        disabled={busy}
        onClick={onConfirm}
        className={buttonClass('primary', 'md', 'flex-1 bg-coral-400 hover:bg-coral-300 active:bg-coral-500')}
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
