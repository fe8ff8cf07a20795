import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons';

/** The look of every text control of the form; aria-invalid turns the border coral. */
export const CONTROL_CLASS =
  'block w-full min-h-12 rounded-xl border border-white/12 bg-ink-950/60 px-4 py-2.5 text-base text-ink-50 placeholder:text-ink-500 transition-colors hover:border-white/25 focus:border-gold-400 aria-[invalid=true]:border-coral-400 disabled:opacity-60';

export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  /** The translated error; shown under the control and read with it. */
  error?: string | null;
  /** Shown at the end of the label row (a character counter). */
  aside?: ReactNode;
  /** Extra content read with the control (a counter, a warning), already carrying its own id. */
  describedBy?: string[];
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

/**
 * Label, control, hint and error, wired for assistive technology: the control names its hint and error
 * with aria-describedby and reports aria-invalid. Required fields say so in words, not only with a star.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  aside,
  describedBy = [],
  children,
  className = '',
}: FormFieldProps) {
  const { t } = useTranslation('upload');
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const ids = [hint ? hintId : null, error ? errorId : null, ...describedBy].filter(Boolean);

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink-100">
          {label}
          {required ? (
            <span aria-hidden="true" className="ms-0.5 text-coral-300">
              *
            </span>
          ) : (
            <span className="ms-1.5 font-normal text-ink-400">({t('fields.optional')})</span>
          )}
        </label>
        {aside}
      </div>
      {children({
        id,
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
        'aria-invalid': Boolean(error),
      })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-400">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-coral-300">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
