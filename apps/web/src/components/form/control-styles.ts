/** The look of every text input, select and textarea: 48 px tall, a clear gold focus ring. */
export const INPUT_CLASS =
  'block min-h-12 w-full rounded-xl border bg-ink-900/80 px-4 py-2.5 text-base text-ink-50 placeholder:text-ink-500 transition-colors focus:border-gold-400 focus:outline-none focus-visible:outline-none focus:ring-4 focus:ring-gold-400/25 disabled:cursor-not-allowed disabled:opacity-60';

/** INPUT_CLASS with the border of a valid or invalid control, plus `extra` classes. */
export function inputClass(invalid: boolean, extra = ''): string {
  const border = invalid ? 'border-coral-400/80' : 'border-white/15 hover:border-white/25';
  return `${INPUT_CLASS} ${border} ${extra}`;
}

/**
 * The darker variant the upload form uses on its raised cards; `aria-invalid` (which FormField's render
 * function sets) turns the border coral, so it needs no argument.
 */
export const CONTROL_CLASS =
  'block w-full min-h-12 rounded-xl border border-white/12 bg-ink-950/60 px-4 py-2.5 text-base text-ink-50 placeholder:text-ink-500 transition-colors hover:border-white/25 focus:border-gold-400 aria-[invalid=true]:border-coral-400 disabled:opacity-60';

/**
 * A native select with its chevron drawn on the reading end (the browser's arrow is hidden so Arabic gets
 * it on the left). Use with `style={SELECT_STYLE}`.
 */
export const SELECT_CLASS =
  'appearance-none bg-[length:1.25rem] bg-[position:right_0.875rem_center] bg-no-repeat pe-10 rtl:bg-[position:left_0.875rem_center]';
export const SELECT_STYLE = {
  backgroundImage: `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23cbc1b2' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`,
} as const;
