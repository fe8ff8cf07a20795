import { type ReactNode, useId } from 'react';

/**
 * A titled card of an admin screen (the dashboard's panels, the integrity screen's parts): a section named
 * by its heading, with an optional link or control at the end of the heading row.
 */
export function Panel({
  title,
  aside,
  className = '',
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
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
