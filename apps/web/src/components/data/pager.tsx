import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { ChevronEndIcon, ChevronStartIcon } from '../ui/icons';
import { pageWindow } from './page-window';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}

const NUMBER_CLASS =
  'grid h-10 min-w-10 place-items-center rounded-xl px-2 text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-gold-300';

/**
 * The numbered pages between Previous and Next: the first, the last, the current page ±2 (±1 on a phone,
 * so a row fits 390 px), ellipses for the rest. The current page is marked `aria-current`.
 */
function PageNumbers({
  page,
  pages,
  onPage,
  radius,
  className,
}: PagerProps & { radius: number; className: string }) {
  const { t, i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <ol className={`items-center justify-center gap-1 ${className}`}>
      {pageWindow(page, pages, radius).map((item) =>
        item.kind === 'gap' ? (
          <li key={item.key} aria-hidden="true" className="px-1 text-ink-400">
            …
          </li>
        ) : (
          <li key={item.page}>
            {item.page === page ? (
              <span aria-current="page" className={`${NUMBER_CLASS} bg-gold-400 text-ink-950`}>
                {format.format(item.page)}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onPage(item.page)}
                aria-label={t('common.pager.page', { page: format.format(item.page) })}
                className={`${NUMBER_CLASS} text-ink-200 hover:bg-white/[0.08] hover:text-ink-50`}
              >
                {format.format(item.page)}
              </button>
            )}
          </li>
        ),
      )}
    </ol>
  );
}

/**
 * Previous, the numbered pages, Next (the public spec's Songs list and every admin list): one pager for every
 * list that pages. 'Page X of Y' is announced as the page changes. Hidden when there is one page. On a phone
 * the numbers take their own row above Previous and Next.
 */
export function Pager({ page, pages, onPage, className = '' }: PagerProps) {
  const { t, i18n } = useTranslation();
  if (pages <= 1) return null;
  const format = new Intl.NumberFormat(i18n.language);
  return (
    <nav
      aria-label={t('common.pager.label')}
      className={`flex flex-wrap items-center justify-center gap-3 ${className}`}
    >
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={buttonClass('secondary', 'md')}
      >
        <ChevronStartIcon className="size-5" />
        {t('common.pager.previous')}
      </button>
      <PageNumbers
        page={page}
        pages={pages}
        onPage={onPage}
        radius={1}
        className="order-first flex w-full sm:hidden"
      />
      <PageNumbers page={page} pages={pages} onPage={onPage} radius={2} className="hidden sm:flex" />
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className={buttonClass('secondary', 'md')}
      >
        {t('common.pager.next')}
        <ChevronEndIcon className="size-5" />
      </button>
      <p aria-live="polite" className="sr-only">
        {t('common.pager.pageOf', { page: format.format(page), pages: format.format(pages) })}
      </p>
    </nav>
  );
}
