import { type ReactNode, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { buttonClass } from './button-styles';

export interface IconButtonProps {
  /** The action, named for its subject ('Edit Lagos Lager'): the button's accessible name. */
  label: string;
  /** The short word shown in the tooltip on hover and keyboard focus ('Edit'); default: the label. */
  tooltip?: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  /** The icon. */
  children: ReactNode;
}

/** Where the tooltip sits: centred under the button, in the window's coordinates. */
interface Place {
  top: number;
  centre: number;
}

/**
 * A button that shows only an icon: named for assistive technology by `label`, and explained to everyone
 * else by a tooltip that shows on hover and on keyboard focus (a `title` alone shows on hover only, after
 * a delay, and never on a touch screen). The tooltip is drawn in the window's layer, so a table that
 * scrolls or clips its rows never cuts it.
 */
export function IconButton({ label, tooltip, onClick, disabled, danger = false, children }: IconButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const show = () => {
    const box = ref.current?.getBoundingClientRect();
    if (box) setPlace({ top: box.bottom + 6, centre: box.left + box.width / 2 });
  };
  const hide = () => setPlace(null);
  return (
    <>
      <button
        ref={ref}
        type="button"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
        onPointerEnter={show}
        onPointerLeave={hide}
        onFocus={(event) => {
          if (event.currentTarget.matches(':focus-visible')) show();
        }}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && place) {
            event.stopPropagation();
            hide();
          }
        }}
        className={buttonClass(
          'ghost',
          'sm',
          `px-0 ${danger ? 'text-coral-300 hover:bg-coral-500/10' : 'text-ink-200 hover:text-ink-50'}`,
        )}
      >
        {children}
      </button>
      {place &&
        createPortal(
          // The button's own name already says it: the tooltip is for the eyes only.
          <span
            aria-hidden="true"
            data-tooltip=""
            style={{ top: place.top, left: place.centre }}
            className="pointer-events-none fixed z-50 -translate-x-1/2 rounded-lg bg-ink-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-ink-950 shadow-lg"
          >
            {tooltip ?? label}
          </span>,
          document.body,
        )}
    </>
  );
}
