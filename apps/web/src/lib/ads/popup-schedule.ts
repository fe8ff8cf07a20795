import { readStorage, STORAGE_KEYS, writeStorage } from '../local-storage';

/** The popup waits this long after the page's ads arrive: the visitor first sees the page they came for. */
export const POPUP_DELAY_MS = 3000;
/** While another dialog is open (a vote, the player, the language chooser) the popup waits this long again. */
export const POPUP_RETRY_MS = 2000;

/** The visitor's own calendar day, 'YYYY-MM-DD': "once a day" follows their clock, not the server's. */
export function localDate(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** Whether the popup already showed today in this browser (then the page does not even ask for one). */
export function popupShownToday(now = new Date()): boolean {
  return readStorage(STORAGE_KEYS.adPopupShownOn) === localDate(now);
}

/** Notes that the popup showed today: written when it opens, so a reload does not bring it back. */
export function markPopupShown(now = new Date()): void {
  writeStorage(STORAGE_KEYS.adPopupShownOn, localDate(now));
}

/**
 * Calls `show` after POPUP_DELAY_MS, once no other dialog is open: never on top of a vote confirmation or
 * any other modal (nor inside one). Returns a cancel function.
 */
export function schedulePopup(show: () => void, isDialogOpen = anyDialogOpen): () => void {
  let timer = window.setTimeout(function attempt() {
    if (isDialogOpen()) {
      timer = window.setTimeout(attempt, POPUP_RETRY_MS);
      return;
    }
    show();
  }, POPUP_DELAY_MS);
  return () => window.clearTimeout(timer);
}

function anyDialogOpen(): boolean {
  // Every modal of the app is a native <dialog> (components/ui/modal.tsx and the vote flow).
  return document.querySelector('dialog[open]') !== null;
}
