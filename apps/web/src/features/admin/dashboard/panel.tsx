import { type ReactNode, useId } from 'react';

/** A titled card of the dashboard: a section named by its heading, with an optional link at the end. */
export function Panel({
  title,
  aside,
  className = '',
  children,
}: {
  title: string;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-3xl border border-white/10 bg-ink-900/60 p-5 sm:p-6 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-ink-50">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
