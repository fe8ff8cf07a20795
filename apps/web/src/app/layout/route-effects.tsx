import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * On every route change: back to the top of the page (the public spec: "Scroll resets to top on every route
 * change") and keyboard/screen-reader focus to the new page's main content, as a full page load would.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run when the path changes.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return null;
}
