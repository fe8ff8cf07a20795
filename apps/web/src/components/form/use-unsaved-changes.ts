import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Marks the history entry pushed so that Back first lands on the page with unsaved changes. */
const GUARD = 'ovationUnsavedGuard';

/** An in-app link the router would follow: same origin, plain left click, no new tab or download. */
function followedLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  // Only the hash changes: the page and its form stay.
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return anchor;
}

/**
 * Warns before edits are lost while `dirty` (a form with unsaved changes): the browser's own question on
 * reload, closing the tab or leaving the app (beforeunload), and 'You have unsaved changes. Leave and
 * discard them?' before an in-app link leaves the page. `confirmLeave()` asks the same question for the
 * form's own ways out (Cancel, Escape, the close button) and answers whether to go on.
 * The app uses the declarative router, which has no navigation blocker, so links are caught at the
 * document, in the capture phase, before the router's own click handler. Back is caught with a guard entry
 * in the history, at the same address, pushed while the form holds changes: Back lands on the page itself
 * and asks; staying puts the guard back, leaving goes back once more.
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useTranslation('admin');
  const message = t('kit.unsaved.confirm');
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const confirmLeave = useCallback(() => !dirtyRef.current || window.confirm(message), [message]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when a value is returned.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!followedLink(event)) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const pushGuard = () =>
      window.history.pushState({ ...window.history.state, [GUARD]: true }, '', window.location.href);
    // Once per page: after a save the guard entry stays, a Back that changes nothing.
    if (!window.history.state?.[GUARD]) pushGuard();
    let leaving = false;
    const onPopState = () => {
      if (leaving || window.history.state?.[GUARD]) return;
      if (window.confirm(message)) {
        leaving = true;
        window.history.back();
      } else {
        pushGuard();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, message]);

  return { confirmLeave };
}
