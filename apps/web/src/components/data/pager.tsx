import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { ChevronEndIcon, ChevronStartIcon } from '../ui/icons';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}

/** Previous / 'Page X of Y' / Next (the public spec's Songs list, the admin spec's lists). Hidden when there is one page. */
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
      <p aria-live="polite" className="min-w-0 text-center text-sm font-semibold text-ink-200 tabular-nums">
        {t('common.pager.pageOf', { page: format.format(page), pages: format.format(pages) })}
      </p>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className={buttonClass('secondary', 'md')}
      >
        {t('common.pager.next')}
        <ChevronEndIcon className="size-5" />
      </button>
    </nav>
  );
}
