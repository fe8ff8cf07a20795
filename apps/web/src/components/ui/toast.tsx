import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** 4 s: the spec's default toast duration (the public spec). */
export const TOAST_DURATION_MS = 4000;
/** 3 s for a success and 5 s for an error: the admin spec's toast durations (the admin area's actions). */
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 5000;

/** Where the toasts stack: bottom centre on the public site, top end (top right, top left in Arabic) in the admin area. */
export type ToastPlacement = 'bottom-center' | 'top-end';

let toasts: ToastItem[] = [];
let placement: ToastPlacement = 'bottom-center';
/** What the Toaster renders; a new object only when something changed (useSyncExternalStore compares it). */
let snapshot: { items: ToastItem[]; where: ToastPlacement } = { items: toasts, where: placement };
let nextId = 1;
const timers = new Map<number, number>();
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  snapshot = { items: toasts, where: placement };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function dismissToast(id: number) {
  window.clearTimeout(timers.get(id));
  timers.delete(id);
  publish(toasts.filter((toast) => toast.id !== id));
}

/**
 * Shows a short, already translated message; callable from anywhere (mutations, event handlers). The same
 * message already on screen is not shown twice: its timer starts again instead. At most three show at once.
 */
export function showToast(message: string, tone: ToastTone = 'info', durationMs = TOAST_DURATION_MS) {
  const shown = toasts.find((toast) => toast.message === message && toast.tone === tone);
  const id = shown?.id ?? nextId++;
  window.clearTimeout(timers.get(id));
  timers.set(
    id,
    window.setTimeout(() => dismissToast(id), durationMs),
  );
  if (!shown) {
    const kept = toasts.slice(-2);
    for (const dropped of toasts.slice(0, -2)) {
      window.clearTimeout(timers.get(dropped.id));
      timers.delete(dropped.id);
    }
    publish([...kept, { id, message, tone }]);
  }
  return id;
}

/**
 * Moves the toasts while the calling component is mounted (the admin layout asks for 'top-end'), and back
 * to the bottom centre when it unmounts.
 */
export function useToastPlacement(wanted: ToastPlacement) {
  useEffect(() => {
    const before = placement;
    placement = wanted;
    publish(toasts);
    return () => {
      placement = before;
      publish(toasts);
    };
  }, [wanted]);
}

const TONES: Record<ToastTone, string> = {
  success: 'border-jade-400/40 text-jade-300',
  error: 'border-coral-400/50 text-coral-300',
  info: 'border-gold-400/40 text-gold-300',
};

const PLACEMENTS: Record<ToastPlacement, string> = {
  'bottom-center': 'inset-x-0 bottom-4 items-center px-4',
  // Below the 64 px site header; end-aligned, so it sits top right, and top left in Arabic.
  'top-end': 'inset-x-0 top-20 items-end px-4 sm:start-auto sm:end-4 sm:w-[28rem] sm:px-0',
};

/** The toast region; rendered once by the layout. The live region exists before any toast so each is announced. */
export function Toaster() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => snapshot,
  );
  return (
    <div
      aria-live="polite"
      className={`pointer-events-none fixed z-50 flex flex-col gap-2 ${PLACEMENTS[state.where]}`}
    >
      {state.items.map((toast) => (
        <div
          key={toast.id}
          className={`pointer-events-auto flex w-full max-w-md animate-rise items-center gap-3 rounded-2xl border bg-ink-850/95 py-2 ps-4 pe-2 shadow-xl backdrop-blur ${TONES[toast.tone]}`}
        >
          {toast.tone === 'error' ? (
            <AlertIcon className="size-5 shrink-0" />
          ) : (
            <CheckIcon className="size-5 shrink-0" />
          )}
          <p className="flex-1 text-sm text-ink-50">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            className="grid size-11 shrink-0 place-items-center rounded-full text-ink-300 hover:bg-white/10"
          >
            <CloseIcon className="size-4" />
            <span className="sr-only">{t('common.dismiss')}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
