import { type RefObject, useEffect } from 'react';

export type DismissReason = 'outside' | 'escape' | 'focus-out';

/**
 * Closes a popover (dropdown, menu) when the user clicks or taps outside it, presses Escape, or moves
 * keyboard focus out of it. `container` must wrap both the trigger and the panel; `onDismiss` should be
 * stable (useCallback) so the listeners are not re-attached on every render.
 */
export function useDismiss(
  open: boolean,
  container: RefObject<HTMLElement | null>,
  onDismiss: (reason: DismissReason) => void,
) {
  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) =>
      target instanceof Node && !container.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss('escape');
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isOutside(event.target)) onDismiss('focus-out');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, container, onDismiss]);
}
