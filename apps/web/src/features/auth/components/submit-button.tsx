import { buttonClass } from '../../../components/ui/button-styles';
import { InlineSpinner } from '../../../components/ui/spinner';

interface SubmitButtonProps {
  /** While true the button shows a spinner and the busy label, and cannot be pressed again. */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Also disabled while idle (a code not yet complete). */
  disabled?: boolean;
  /** Layout classes added to the large primary button. */
  className?: string;
}

/** The full-width primary submit button of the account forms, with its spinner while the call runs. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  disabled = false,
  className = 'w-full',
}: SubmitButtonProps) {
  return (
    <button type="submit" disabled={busy || disabled} className={buttonClass('primary', 'lg', className)}>
      {busy && <InlineSpinner />}
      {busy ? busyLabel : label}
    </button>
  );
}
