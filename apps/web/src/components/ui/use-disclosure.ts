import { useCallback, useId, useRef, useState } from 'react';
import { type DismissReason, useDismiss } from './use-dismiss';

/**
 * State and wiring for a button that shows a panel (dropdowns, the mobile menu): the button reports
 * aria-expanded and aria-controls; outside clicks, Escape and focus leaving close it, and Escape hands
 * focus back to the button.
 */
export function useDisclosure<Container extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<Container>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const close = useCallback((reason?: DismissReason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  }, []);
  useDismiss(open, containerRef, close);

  return {
    open,
    close,
    containerRef,
    panelId,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
  };
}
