import { type ReactNode, useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/icons';

/** A titled block the visitor can fold away (the songs and categories pages' stats and filters). */
export function CollapsibleSection({
  title,
  icon,
  defaultOpen,
  children,
}: {
  title: string;
  icon: ReactNode;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <section className="rounded-3xl border border-white/[0.08] bg-ink-900/70">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex min-h-12 w-full items-center gap-3 rounded-3xl px-4 text-start font-semibold text-ink-100 hover:bg-white/[0.04] sm:px-5"
        >
          <span className="text-gold-300">{icon}</span>
          <span className="flex-1">{title}</span>
          <ChevronDownIcon
            className={`size-5 text-ink-400 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4 sm:px-5 sm:pb-5">
        {children}
      </div>
    </section>
  );
}
