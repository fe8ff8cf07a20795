import { useId } from 'react';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The visible name, next to the switch. */
  label: string;
  /** A line under the label, read with the switch. */
  description?: string;
  disabled?: boolean;
  /** Shows a spinner-free busy state: the switch cannot be pressed while its change is saving. */
  busy?: boolean;
  id?: string;
  className?: string;
}

/**
 * An on/off switch (role="switch", aria-checked) with its label and an optional description, in a row
 * that fills its container. The knob slides toward the reading end, so it mirrors in Arabic.
 */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled = false,
  busy = false,
  id,
  className = '',
}: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`}>
      <div className="min-w-0">
        <p id={`${switchId}-label`} className="font-semibold text-ink-50">
          {label}
        </p>
        {description && (
          <p id={`${switchId}-description`} className="text-sm text-ink-400">
            {description}
          </p>
        )}
      </div>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${switchId}-label`}
        aria-describedby={description ? `${switchId}-description` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-gold-400/40 disabled:cursor-not-allowed disabled:opacity-60 ${checked ? 'bg-jade-500' : 'bg-ink-600'}`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-7 rtl:-translate-x-7' : 'translate-x-1 rtl:-translate-x-1'}`}
        />
      </button>
    </div>
  );
}
