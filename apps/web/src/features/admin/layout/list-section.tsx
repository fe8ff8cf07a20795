import type { Pagination } from '@ovation/shared';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/data/pager';
import { LoadFailed } from '../../../components/ui/load-failed';

/**
 * The list part of an admin list screen (songs, users, online users, images): a section named by its
 * heading, with how many entries match at the end of the heading row (once known), then the list or its
 * empty state (or, when the first page could not load, why, with Retry), then the pager (once the first
 * page is in). The words usually come from `listSectionTexts` (list-texts.ts).
 */
export function ListSection({
  title,
  count,
  countText,
  loadFailed,
  query,
  pagination: givenPagination,
  onPage,
  className,
  children,
}: {
  title: string;
  /** 'N users': left out until the first page is in. */
  count?: string;
  /** The same from the total of `pagination`, given the total and it formatted in the reader's language. */
  countText?: (values: { count: number; number: string }) => string;
  /** Shown with Retry in place of the list while `query` failed and has nothing to show. */
  loadFailed?: string;
  /** The list's query: its failure (with `loadFailed`), and its pagination unless `pagination` is given. */
  query?: { isError: boolean; data?: { pagination?: Pagination }; refetch: () => unknown };
  pagination?: { page: number; pages: number; total?: number };
  onPage: (page: number) => void;
  className?: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  const headingId = useId();
  const pagination = givenPagination ?? query?.data?.pagination;
  const total = pagination?.total;
  const shownCount =
    count ??
    (countText && total !== undefined
      ? countText({ count: total, number: new Intl.NumberFormat(i18n.language).format(total) })
      : undefined);
  const failed = query?.isError && !query.data && loadFailed !== undefined;
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-ink-50">
          {title}
        </h2>
        {shownCount !== undefined && (
          <p className="text-sm text-ink-400" aria-live="polite">
            {shownCount}
          </p>
        )}
      </div>
      {failed ? <LoadFailed message={loadFailed} onRetry={() => void query.refetch()} /> : children}
      {pagination && (
        <Pager page={pagination.page} pages={pagination.pages} onPage={onPage} className="mt-6" />
      )}
    </section>
  );
}
