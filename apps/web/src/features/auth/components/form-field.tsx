import type { ReactNode } from 'react';

/** The look of every text input of the account screens: 48 px tall, a clear gold focus ring. */
export const INPUT_CLASS =
  'block min-h-12 w-full rounded-xl border bg-ink-900/80 px-4 py-2.5 text-base text-ink-50 placeholder:text-ink-500 transition-colors focus:border-gold-400 focus:outline-none focus-visible:outline-none focus:ring-4 focus:ring-gold-400/25 disabled:cursor-not-allowed disabled:opacity-60';

export function inputClass(invalid: boolean, extra = ''): string {
  const border = invalid ? 'border-coral-400/80' : 'border-white/15 hover:border-white/25';
  return `${INPUT_CLASS} ${border} ${extra}`;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Translated error text; also marks the control invalid through `describedBy`. */
  error?: string | null;
  hint?: ReactNode;
  /** Shown at the end of the label row (a character counter, a link). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Ids of the hint and error of a field, for the control's aria-describedby. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Label, control, hint and error of one form field. The control is passed in, wired with `describedBy`. */
export function FormField({ id, label, error, hint, aside, children, className = '' }: FormFieldProps) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-ink-100">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-ink-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-coral-300">
          {error}
        </p>
      )}
    </div>
  );
}
