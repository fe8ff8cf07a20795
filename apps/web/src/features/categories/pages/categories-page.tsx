import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatTiles } from '../../../components/data/stat-tiles';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  AwardIcon,
  BallotIcon,
  BarChartIcon,
  GlobeIcon,
  GridIcon,
  MusicIcon,
  SearchIcon,
} from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useCategories } from '../../../domain/categories/api/use-categories';
import { CategoryCard } from '../../../domain/categories/components/category-card';
import { i18next } from '../../../lib/i18n';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type CategoryFilter, type CategorySort, filterCategories } from '../category-helpers';

void i18next.loadNamespaces(['categories', 'songs']);

const FILTERS: CategoryFilter[] = ['all', 'regional', 'continental'];
const FIELD =
  'min-h-12 w-full rounded-xl border border-white/15 bg-ink-950/80 px-3 text-ink-50 placeholder:text-ink-500 focus:border-gold-400';

/** /categories (the public spec): search, type filter, sort (votes for admins), a stats toggle, cards. */
export default function CategoriesPage() {
  const { t, i18n } = useTranslation('categories');
  const { t: tMain } = useTranslation();
  useDocumentTitle(tMain('meta.pageTitle', { page: t('list.title') }));
  const session = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const categories = useCategories();
  const [params, setParams] = useSearchParams();
  const [showStats, setShowStats] = useState(false);
  const searchId = useId();
  const sortId = useId();
  const statsId = useId();

  const search = params.get('q') ?? '';
  const typeParam = params.get('type');
  const type: CategoryFilter = typeParam === 'regional' || typeParam === 'continental' ? typeParam : 'all';
  const sortParam = params.get('sort');
  const sort: CategorySort = sortParam === 'songs' || (sortParam === 'votes' && isAdmin) ? sortParam : 'name';
  const deferredSearch = useDeferredValue(search);

  const setParam = (key: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: key === 'q', preventScrollReset: true });
  };

  const all = categories.data ?? [];
  const shown = filterCategories(all, { search: deferredSearch, type, sort, locale: i18n.language });
  const filtered = search !== '' || type !== 'all';
  const totalSongs = all.reduce((sum, category) => sum + category.totalSongs, 0);
  const totalVotes = isAdmin ? all.reduce((sum, category) => sum + (category.totalVotes ?? 0), 0) : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t('list.kicker')}</p>
          <h1 className="mt-2 font-display text-3xl font-black tracking-tight text-ink-50 sm:text-5xl">
            {t('list.title')}
          </h1>
          <p className="mt-3 text-ink-300 sm:text-lg">{t('list.description')}</p>
        </div>
        <button
          type="button"
          aria-expanded={showStats}
          aria-controls={statsId}
          onClick={() => setShowStats((value) => !value)}
          className={buttonClass('secondary', 'md')}
        >
          <BarChartIcon className="size-4" />
          {showStats ? t('list.hideStats') : t('list.showStats')}
        </button>
      </header>

      <div id={statsId} hidden={!showStats} className="mt-6">
        <StatTiles
          tiles={[
            {
              key: 'categories',
              label: t('stats.categories'),
              value: categories.data?.length,
              icon: <GridIcon />,
            },
            {
              key: 'continental',
              label: t('stats.continental'),
              value: categories.data?.filter((category) => category.type === 'continental').length,
              icon: <AwardIcon />,
            },
            {
              key: 'regional',
              label: t('stats.regional'),
              value: categories.data?.filter((category) => category.type === 'regional').length,
              icon: <GlobeIcon />,
            },
            isAdmin
              ? { key: 'votes', label: t('stats.votes'), value: totalVotes, icon: <BallotIcon /> }
              : {
                  key: 'songs',
                  label: t('stats.songs'),
                  value: categories.data ? totalSongs : undefined,
                  icon: <MusicIcon />,
                },
          ]}
        />
      </div>

      <search className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-3 rounded-3xl border border-white/[0.08] bg-ink-900/70 p-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_auto_minmax(0,1fr)] lg:items-end">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-semibold text-ink-200">
            {t('list.search')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-400" />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(event) => setParam('q', event.target.value, '')}
              placeholder={t('list.searchPlaceholder')}
              autoComplete="off"
              className={`${FIELD} ps-10`}
            />
          </div>
        </div>
        <fieldset className="flex min-w-0 flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold text-ink-200">{t('list.filterLabel')}</legend>
          <div className="flex flex-wrap gap-1 rounded-3xl bg-ink-950/80 p-1 ring-1 ring-white/10">
            {FILTERS.map((filter) => (
              <button
                key={filter}
                type="button"
                aria-pressed={type === filter}
                onClick={() => setParam('type', filter, 'all')}
                className={`min-h-10 flex-1 rounded-full px-3 text-sm font-semibold transition-colors sm:px-4 ${
                  type === filter ? 'bg-gold-400 text-ink-950' : 'text-ink-200 hover:bg-white/[0.08]'
                }`}
              >
                {t(`list.filter.${filter}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={sortId} className="text-sm font-semibold text-ink-200">
            {t('list.sortLabel')}
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(event) => setParam('sort', event.target.value, 'name')}
            className={FIELD}
          >
            <option value="name">{t('list.sort.name')}</option>
            <option value="songs">{t('list.sort.songs')}</option>
            {isAdmin && <option value="votes">{t('list.sort.votes')}</option>}
          </select>
        </div>
      </search>

      <div className="mt-8">
        {categories.isPending ? (
          <ul aria-hidden="true" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index} className="h-28 animate-pulse rounded-2xl bg-white/[0.05]" />
            ))}
          </ul>
        ) : categories.isError ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={() => void categories.refetch()} />
        ) : shown.length === 0 ? (
          <div className="rounded-3xl border border-white/[0.08] bg-ink-900/60 px-6 py-14 text-center">
            <GridIcon className="mx-auto size-10 text-gold-300" />
            <p className="mt-4 text-xl font-bold text-ink-50">{t('list.emptyTitle')}</p>
            <p className="mt-2 text-ink-300">{t('list.emptyText')}</p>
            {filtered && (
              <button
                type="button"
                onClick={() => setParams(new URLSearchParams())}
                className={buttonClass('primary', 'md', 'mt-6')}
              >
                {t('list.clear')}
              </button>
            )}
          </div>
        ) : (
          <>
            <p aria-live="polite" className="mb-4 text-sm text-ink-300">
              {t('list.resultCount', { count: shown.length })}
            </p>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((category) => (
                <li key={category._id}>
                  <CategoryCard category={category} headingLevel="h2" />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
