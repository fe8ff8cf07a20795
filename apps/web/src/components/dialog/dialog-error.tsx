import { AlertIcon } from '../ui/icons';

/**
 * A failure shown inside an open dialog. Toasts sit under a modal dialog's backdrop (and outside what a
 * screen reader reads while it is open), so a dialog that stays open after a failed action says it here.
 */
export function DialogError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mt-4 flex items-start gap-2 rounded-xl border border-coral-400/40 bg-coral-500/10 p-3 text-sm font-medium text-coral-200"
    >
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
