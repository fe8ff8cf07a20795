import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../ui/icons';

/** What FormField's render function hands the control: spread it on the input, select or textarea. */
export interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
}

export interface FormFieldProps {
  /** The control's id: the label points at it, and the hint, error and counter ids derive from it. */
  id: string;
  label: ReactNode;
  /** Marks the label with a star (the control itself should carry `required`). */
  required?: boolean;
  /** Marks the label '(optional)', in words. */
  optional?: boolean;
  hint?: ReactNode;
  /** By default an error replaces the hint; set this to show both. */
  keepHintOnError?: boolean;
  /** The translated error; shown under the control and read with it. */
  error?: string | null;
  /** A character counter at the end of the label row, read with the control: 'N/max'. */
  counter?: { length: number; max: number };
  /** Anything else for the end of the label row (a link). */
  aside?: ReactNode;
  /** Ids of more content read with the control (a warning below it), each element carrying its own id. */
  describedBy?: string[];
  /**
   * The control. Either a render function, which receives `{ id, aria-describedby, aria-invalid }` already
   * wired, or a plain element that wires itself with `describedBy(id, error, hint)`.
   */
  children: ReactNode | ((control: ControlProps) => ReactNode);
  className?: string;
}

/**
 * Ids of the hint and error of a field, for a plain control's aria-describedby. Mirrors what FormField shows:
 * the hint's id is left out while an error replaces it, unless `keepHintOnError`.
 */
export function describedBy(
  id: string,
  error?: string | null,
  hint?: ReactNode,
  keepHintOnError = false,
): string | undefined {
  const showsHint = Boolean(hint) && (!error || keepHintOnError);
  const ids = [showsHint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Counter colours: calm, then gold in the last 10 %, coral at or past the limit. */
function counterTone(length: number, max: number) {
  if (length >= max) return 'text-coral-300';
  if (length >= max * 0.9) return 'text-gold-300';
  return 'text-ink-400';
}

/** 'N/max' for the eye, 'N of max characters' for assistive technology, in the page's language. */
export function CharacterCounter({ id, length, max }: { id?: string; length: number; max: number }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <span id={id} className={`text-xs tabular-nums ${counterTone(length, max)}`}>
      <span aria-hidden="true" dir="ltr">
        {format.format(length)}/{format.format(max)}
      </span>
      <span className="sr-only">
        {t('common.characterCount', { length: format.format(length), max: format.format(max) })}
      </span>
    </span>
  );
}

/**
 * Label, control, hint, error and counter of one form field, wired for assistive technology: the control
 * names its hint, error and counter with aria-describedby and reports aria-invalid. Required fields say so
 * with a star, optional ones in words. The one form field of the app: account, upload, profile and admin forms.
 */
export function FormField({
  id,
  label,
  required = false,
  optional = false,
  hint,
  keepHintOnError = false,
  error,
  counter,
  aside,
  describedBy: extraIds = [],
  children,
  className = '',
}: FormFieldProps) {
  const { t } = useTranslation();
  const counterId = `${id}-counter`;
  const showsHint = Boolean(hint) && (!error || keepHintOnError);
  const ids = [describedBy(id, error, hint, keepHintOnError), counter ? counterId : null, ...extraIds];
  const wired = ids.filter(Boolean).join(' ');

  return (
    <div className={`min-w-0 ${className}`}>
      <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink-100">
          {label}
          {required && (
            <span aria-hidden="true" className="ms-0.5 text-coral-300">
              *
            </span>
          )}
          {optional && !required && (
            <span className="ms-1.5 font-normal text-ink-400">({t('common.optional')})</span>
          )}
        </label>
        {counter && <CharacterCounter id={counterId} length={counter.length} max={counter.max} />}
        {aside}
      </div>
      {typeof children === 'function'
        ? children({ id, 'aria-describedby': wired || undefined, 'aria-invalid': Boolean(error) })
        : children}
      <FieldNotes id={id} hint={showsHint ? hint : null} error={error} />
    </div>
  );
}

/**
 * What a field says under its control: the hint (`<id>-hint`), then the error (`<id>-error`); the control
 * names both with aria-describedby. Pass `hint` only while it shows.
 */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | null }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-400">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </>
  );
}

/** A field's error line: an alert icon (not colour alone) and the text. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-coral-300">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
