import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button-styles';
import type { WordedLabel } from './cluster-label';

/**
 * The card of a cluster or a review: a list item holding an article named by its title (`titleId`),
 * outlined in gold while its votes are the ones the votes panel shows. `data-*` props go on the article.
 */
export function LeadCard({
  titleId,
  shown,
  className,
  children,
  ...data
}: {
  titleId: string;
  shown: boolean;
  /** The gap between the card's parts ('gap-4'). */
  className: string;
  children: ReactNode;
  [data: `data-${string}`]: string | number;
}) {
  return (
    <li className="min-w-0">
      <article
        {...data}
        aria-labelledby={titleId}
        className={`flex h-full flex-col ${className} rounded-2xl border bg-ink-900 p-4 sm:p-5 ${
          shown ? 'border-gold-400/40 ring-1 ring-gold-400/30' : 'border-white/[0.08]'
        }`}
      >
        {children}
      </article>
    </li>
  );
}

/** A lead's Open votes / Show votes button: it shows (or hides again) the lead's votes below. */
export function ShowVotesButton({
  titleId,
  shown,
  onClick,
  className = 'sm:flex-1',
  children,
}: {
  /** The id of what names the lead (its title): the button is described by it. */
  titleId: string;
  shown: boolean;
  onClick: () => void;
  /** Its width in its row: a card's buttons share the row ('sm:flex-1', the default). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-expanded={shown}
      aria-describedby={titleId}
      className={buttonClass('secondary', 'sm', className)}
    >
      {children}
    </button>
  );
}

/** A cluster's label as words, or as code (a prefix, a signature, a pattern) left to right in a fixed-width font. */
export function LabelText({ label }: { label: WordedLabel }) {
  if (!label.code) return <>{label.text}</>;
  return (
    <bdi dir="ltr" className="font-mono">
      {label.text}
    </bdi>
  );
}
