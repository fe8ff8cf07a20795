import type { ReactNode } from 'react';

/** A home section's heading row: kicker, title, optional description and an action link at the end. */
export function SectionHeading({
  id,
  kicker,
  title,
  description,
  action,
}: {
  id: string;
  kicker: string;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wider text-jade-300 uppercase">{kicker}</p>
        <h2 id={id} className="mt-1 text-3xl font-extrabold tracking-tight text-ink-50 sm:text-4xl">
          {title}
        </h2>
        {description && <p className="mt-2 text-ink-300">{description}</p>}
      </div>
      {action}
    </div>
  );
}
