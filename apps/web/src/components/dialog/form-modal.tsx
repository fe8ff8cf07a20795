import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../form/use-unsaved-changes';
import { buttonClass } from '../ui/button-styles';
import { Modal } from '../ui/modal';
import { InlineSpinner } from '../ui/spinner';
import { DialogError } from './dialog-error';

export interface FormModalProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Cancel, Escape, the close button and the backdrop. */
  onClose: () => void;
  /** Called on submit (the button or Enter); the browser's own validation is off, validate here. */
  onSubmit: () => void;
  /** 'Save', 'Create category'. Default 'Save'. */
  submitLabel?: string;
  /** Shown on the submit button while busy ('Saving...'); default: the submit label with a spinner. */
  busyLabel?: string;
  cancelLabel?: string;
  /** Pass the action's isPending: the submit button spins and the fields are disabled. */
  busy?: boolean;
  /** Keeps the submit button disabled (nothing chosen yet). */
  submitDisabled?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** A failure that is not about one field, translated (useAction's onError gives it); shown above the buttons. */
  error?: string | null;
  /** The fields: FormField, ImageDropField, ... */
  children: ReactNode;
  /**
   * The form has unsaved changes: closing it (Cancel, Escape, the close button, the backdrop), a link,
   * Back or a reload asks 'Discard your unsaved changes?' first.
   */
  dirty?: boolean;
}

/**
 * A form in a modal dialog (Edit Song, Add Category): the fields, then Submit and Cancel. Built on the
 * native <dialog> of components/ui/modal.tsx: focus moves to the first field and stays inside, Escape
 * closes, focus returns to the opener. The fields sit in a fieldset disabled while busy.
 */
export function FormModal({
  open,
  title,
  description,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  submitDisabled = false,
  size = 'md',
  error,
  children,
  dirty = false,
}: FormModalProps) {
  const { t } = useTranslation('admin');
  // Not while saving: the save itself closes the dialog.
  const { confirmLeave } = useUnsavedChanges(open && dirty && !busy);
  const cancel = () => {
    if (confirmLeave()) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitDisabled) onSubmit();
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      confirmClose={confirmLeave}
      title={title}
      description={description}
      size={size}
    >
      <form onSubmit={submit} noValidate className="mt-6">
        <fieldset disabled={busy} aria-label={title} className="flex min-w-0 flex-col gap-5">
          {children}
        </fieldset>
        <DialogError message={error} />
        <div className="mt-8 flex flex-col gap-2 sm:flex-row-reverse">
          <button
            type="submit"
            disabled={busy || submitDisabled}
            aria-busy={busy || undefined}
            className={buttonClass('primary', 'md', 'flex-1')}
          >
            {busy && <InlineSpinner />}
            {busy && busyLabel ? busyLabel : (submitLabel ?? t('kit.dialog.save'))}
          </button>
          <button type="button" onClick={cancel} className={buttonClass('secondary', 'md', 'flex-1')}>
            {cancelLabel ?? t('kit.dialog.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
