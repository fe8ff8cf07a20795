import type { ReactNode } from 'react';
import { buttonClass } from '../ui/button-styles';

export interface EmptyStateProps {
  /** 'No songs found'. */
  title: string;
  description?: ReactNode;
  /** An icon component's element, shown in a tinted circle. */
  icon?: ReactNode;
  /** A button or link (Add Category). */
  action?: ReactNode;
  /**
   * A filtered list that came back empty offers to clear its filters: pass the reset and its label (the
   * screen's own "Clear filters"); leave it out when nothing is filtered.
   */
  clear?: { label: string; onClear(): void };
  className?: string;
}

/** What a list shows when it has nothing: a title, a line of explanation and, if useful, one action. */
export function EmptyState({ title, description, icon, action, clear, className = '' }: EmptyStateProps) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center rounded-3xl border border-dashed border-white/15 bg-white/[0.02] px-6 py-12 text-center ${className}`}
    >
      {icon && (
        <span
          aria-hidden="true"
          className="mb-4 grid size-14 place-items-center rounded-2xl bg-gold-400/10 text-gold-300 [&>svg]:size-7"
        >
          {icon}
        </span>
      )}
      <p className="text-lg font-bold text-ink-50">{title}</p>
      {description && <p className="mt-1 max-w-md text-sm text-ink-400">{description}</p>}
      {(action || clear) && (
        <div className="mt-5">
          {action}
          {clear && (
            <button type="button" onClick={clear.onClear} className={buttonClass('secondary', 'md')}>
              {clear.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
