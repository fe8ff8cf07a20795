import { type ReactNode, useId } from 'react';
import { Pager } from '../../../components/data/pager';

/**
 * The list part of an admin list screen (songs, users, online users, images): a section named by its
 * heading, with how many entries match at the end of the heading row (once known), then the list or its
 * empty state, then the pager (once the first page is in).
 */
export function ListSection({
  title,
  count,
  pagination,
  onPage,
  className,
  children,
}: {
  title: string;
  /** 'N users': left out until the first page is in. */
  count?: string;
  pagination?: { page: number; pages: number };
  onPage: (page: number) => void;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink-50">
          {title}
        </h2>
        {count !== undefined && (
          <p className="text-sm text-ink-400" aria-live="polite">
            {count}
          </p>
        )}
      </div>
      {children}
      {pagination && (
        <Pager page={pagination.page} pages={pagination.pages} onPage={onPage} className="mt-6" />
      )}
    </section>
  );
}
