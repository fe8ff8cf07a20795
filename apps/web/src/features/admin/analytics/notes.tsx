import type { ReactNode } from 'react';
import { AlertIcon } from '../../../components/ui/icons';

const NOTE_TONES = {
  gold: { box: 'bg-gold-400/10 text-gold-100 ring-gold-400/30', icon: 'text-gold-300' },
  jade: { box: 'bg-jade-400/10 text-jade-200 ring-jade-400/30', icon: '' },
  coral: { box: 'bg-coral-500/10 text-coral-200 ring-coral-400/40', icon: 'text-coral-300' },
} as const;

/** A note about what stands beside it (role note), an alert icon before its text. */
export function AlertNote({
  tone,
  id,
  className,
  children,
}: {
  tone: keyof typeof NOTE_TONES;
  id?: string;
  /** Its margin ('mt-4'). */
  className: string;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role="note"
      className={`flex items-start gap-2 rounded-xl p-3 text-sm ring-1 ${NOTE_TONES[tone].box} ${className}`}
    >
      <AlertIcon className={`mt-0.5 size-4 shrink-0 ${NOTE_TONES[tone].icon}`} />
      {children}
    </p>
  );
}

/** What to weigh before confirming, as a bulleted note inside a confirmation dialog: one `<li>` each. */
export function NoteList({ children }: { children: ReactNode }) {
  return (
    <ul
      role="note"
      className="mt-4 list-disc space-y-1 rounded-xl bg-gold-400/10 p-3 ps-8 text-sm text-gold-100 ring-1 ring-gold-400/30"
    >
      {children}
    </ul>
  );
}
