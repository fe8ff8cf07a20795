import type { QueryClient } from '@tanstack/react-query';
import { prefetchRoute } from './route-prefetch';

/** The events that say a link is about to be followed: pointed at, touched, focused or clicked. */
const INTENT_EVENTS = ['pointerover', 'touchstart', 'focusin', 'click'] as const;

/**
 * Starts a public page's code, catalogs and data when a link to it is about to be followed (and when Back
 * or Forward lands on one), so the next page does not wait for its code before asking for its data. One
 * listener on the document covers every link, in capture so it runs before the router navigates.
 */
export function watchLinkIntent(queryClient: QueryClient): void {
  let lastHref = '';
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    // Moving over the same link fires again and again: once per link is enough until another is chosen.
    if (link.href === lastHref && event.type !== 'click') return;
    lastHref = link.href;
    prefetchRoute(queryClient, link);
  };
  for (const type of INTENT_EVENTS) {
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  }
  window.addEventListener('popstate', () => prefetchRoute(queryClient, window.location));
}
