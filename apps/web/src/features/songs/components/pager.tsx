import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { ChevronEndIcon, ChevronStartIcon } from '../../../components/ui/icons';

/** Previous / 'Page X of Y' / Next (spec 1 Songs list). */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('songs');
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pager.label')} className="mt-10 flex items-center justify-center gap-3">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={buttonClass('secondary', 'md')}
      >
        <ChevronStartIcon className="size-5" />
        {t('pager.previous')}
      </button>
      <p aria-live="polite" className="min-w-28 text-center text-sm font-semibold text-ink-200 tabular-nums">
        {t('pager.pageOf', { page, pages })}
      </p>
      <button
        type="button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        className={buttonClass('secondary', 'md')}
      >
        {t('pager.next')}
        <ChevronEndIcon className="size-5" />
      </button>
    </nav>
  );
}
