/**
 * Class names for anything that looks like a button, so links (navigation) and buttons (actions) share
 * one look while keeping the right element. Every size keeps a tap target of at least 44 px. A label
 * wraps (centred) rather than push the page sideways when the screen is narrow or zoomed (WCAG 1.4.10).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'jade' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full text-center font-semibold transition-colors duration-150 select-none disabled:cursor-not-allowed disabled:opacity-50';

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    'bg-gold-400 text-ink-950 shadow-[0_8px_24px_-10px_rgb(247_192_74/0.7)] hover:bg-gold-300 active:bg-gold-500',
  secondary: 'border border-white/15 bg-white/[0.06] text-ink-50 hover:border-white/30 hover:bg-white/[0.12]',
  ghost: 'text-ink-100 hover:bg-white/[0.08]',
  jade: 'bg-jade-400 text-ink-950 hover:bg-jade-300',
  /** Destructive actions (Delete, Reset): coral, never gold. */
  danger: 'bg-coral-400 text-ink-950 hover:bg-coral-300 active:bg-coral-500',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'min-h-11 min-w-11 text-sm',
  md: 'min-h-11 min-w-11 text-[0.9375rem]',
  lg: 'min-h-12 min-w-12 text-base',
};

/** Used unless `extra` sets its own padding (two padding utilities would fight over the same property). */
const PADDINGS: Record<ButtonSize, string> = { sm: 'px-4', md: 'px-5', lg: 'px-6' };
const HAS_PADDING = /(^|\s)(sm:|md:|lg:)?(p|px|ps|pe)-/;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  const padding = HAS_PADDING.test(extra) ? '' : PADDINGS[size];
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${padding} ${extra}`.replace(/\s+/g, ' ').trim();
}
