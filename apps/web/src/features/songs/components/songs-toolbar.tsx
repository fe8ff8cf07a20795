import type { Category } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/ui/icons';
import type { SongSort } from '../songs-query-state';

interface SongsToolbarProps {
  searchText: string;
  onSearchText: (value: string) => void;
  category: string;
  onCategory: (value: string) => void;
  sort: SongSort;
  onSort: (value: SongSort) => void;
  categories: Category[] | undefined;
  isAdmin: boolean;
}

const FIELD =
  'min-h-12 w-full rounded-xl border border-white/15 bg-ink-950/80 px-3 text-ink-50 placeholder:text-ink-500 focus:border-gold-400';

/** Search (debounced by the page), category and sort: the songs list's filters. */
export function SongsToolbar(props: SongsToolbarProps) {
  const { t, i18n } = useTranslation('songs');
  const searchId = useId();
  const categoryId = useId();
  const sortId = useId();
  const sorts: Array<{ value: SongSort; label: string }> = [
    { value: 'latest', label: t('sort.latest') },
    ...(props.isAdmin ? [{ value: 'votes' as const, label: t('sort.votes') }] : []),
    { value: 'title', label: t('sort.title') },
    { value: 'artist', label: t('sort.artist') },
  ];

  return (
    <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
      <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor={searchId} className="text-sm font-semibold text-ink-200">
          {t('filters.search')}
        </label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-ink-400" />
          <input
            id={searchId}
            type="search"
            value={props.searchText}
            onChange={(event) => props.onSearchText(event.target.value)}
            placeholder={t('filters.searchPlaceholder')}
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
            className={`${FIELD} ps-10`}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={categoryId} className="text-sm font-semibold text-ink-200">
          {t('filters.category')}
        </label>
        <select
          id={categoryId}
          value={props.category}
          onChange={(event) => props.onCategory(event.target.value)}
          className={FIELD}
        >
          <option value="">{t('filters.allCategories')}</option>
          {props.categories?.map((category) => (
            <option key={category._id} value={category._id}>
              {category.icon} {localizeCategory(category, i18n.language).name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={sortId} className="text-sm font-semibold text-ink-200">
          {t('filters.sort')}
        </label>
        <select
          id={sortId}
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as SongSort)}
          className={FIELD}
        >
          {sorts.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
