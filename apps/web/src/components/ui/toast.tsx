import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/** 4 s: the spec's default toast duration (spec 1 section 9). */
export const TOAST_DURATION_MS = 4000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  publish(toasts.filter((toast) => toast.id !== id));
}

/** Shows a short, already translated message; callable from anywhere (mutations, event handlers). */
export function showToast(message: string, tone: ToastTone = 'info', durationMs = TOAST_DURATION_MS) {
  const id = nextId++;
  publish([...toasts.slice(-2), { id, message, tone }]);
  window.setTimeout(() => dismissToast(id), durationMs);
  return id;
}

const TONES: Record<ToastTone, string> = {
  success: 'border-jade-400/40 text-jade-300',
  error: 'border-coral-400/50 text-coral-300',
  info: 'border-gold-400/40 text-gold-300',
};

/** The toast region; rendered once by the layout. The live region exists before any toast so each is announced. */
export function Toaster() {
  const { t } = useTranslation();
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {items.map((toast) => (
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
