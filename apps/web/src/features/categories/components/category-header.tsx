import type { Category } from '@ovation/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowStartIcon, ChevronEndIcon, ChevronStartIcon } from '../../../components/ui/icons';

interface CategoryHeaderProps {
  neighbours: { position: number; total: number; previous: Category | null; next: Category | null } | null;
}

/** Without its display: `inline-flex` here would beat a `hidden` added by a caller. */
const LINK =
  'min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink-200 hover:bg-white/[0.08] hover:text-ink-50';

/** Back to Categories, Previous, 'Category Progress N of total', Next (and a floating Next on phones). */
export function CategoryHeader({ neighbours }: CategoryHeaderProps) {
  const { t } = useTranslation('categories');
  const percent = neighbours ? Math.round((neighbours.position / neighbours.total) * 100) : 0;
  return (
    <>
      <nav aria-label={t('detail.navLabel')} className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/categories" className={`${LINK} inline-flex ps-1 text-gold-300 hover:text-gold-200`}>
          <ArrowStartIcon className="size-4" />
          {t('detail.backToCategories')}
        </Link>
        {neighbours && (
          <div className="flex min-w-0 flex-wrap items-center gap-2 sm:gap-4">
            {neighbours.previous && (
              <Link to={`/categories/${neighbours.previous._id}`} className={`${LINK} inline-flex`}>
                <ChevronStartIcon className="size-4" />
                <span>{t('detail.previous')}</span>
              </Link>
            )}
            <div className="min-w-0 flex-1 basis-32 text-center">
              <p className="text-xs text-ink-400">{t('detail.progress')}</p>
              <p className="text-sm font-bold text-ink-50 tabular-nums">
                {t('detail.progressValue', { current: neighbours.position, total: neighbours.total })}
              </p>
              <div aria-hidden="true" className="mt-1 h-1 overflow-hidden rounded-full bg-white/10">
                <div className="h-full rounded-full bg-gold-400" style={{ width: `${percent}%` }} />
              </div>
            </div>
            {neighbours.next && (
              <Link to={`/categories/${neighbours.next._id}`} className={`${LINK} hidden sm:inline-flex`}>
                <span>{t('detail.next')}</span>
                <ChevronEndIcon className="size-4" />
              </Link>
            )}
          </div>
        )}
      </nav>
      {neighbours?.next && (
        <Link
          to={`/categories/${neighbours.next._id}`}
          className="fixed end-4 bottom-4 z-20 inline-flex min-h-12 max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full bg-gold-400 px-5 text-center font-semibold text-ink-950 shadow-xl shadow-black/50 sm:hidden"
        >
          {t('detail.next')}
          <ChevronEndIcon className="size-5" />
        </Link>
      )}
    </>
  );
}
