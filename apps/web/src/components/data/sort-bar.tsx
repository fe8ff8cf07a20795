import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../ui/icons';
import type { SortOrder, SortState } from './data-table';

export interface SortBarOption {
  /** The server's sort field (the list's whitelisted column). */
  key: string;
  label: string;
}

/**
 * The sortable columns of a list shown as cards (users, categories, and a table's cards on a phone): the
 * same buttons and the same sort state as a DataTable's headers, so every admin list sorts one way. The
 * chosen column shows its direction (and says it to screen readers); choosing it again reverses it.
 */
export function SortBar({
  options,
  sort,
  onSortChange,
  className = '',
}: {
  options: SortBarOption[];
  sort: SortState;
  onSortChange: (sort: SortState) => void;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className={`flex min-w-0 flex-wrap items-center gap-1.5 ${className}`}>
      <legend className="sr-only">{t('kit.table.sortBy')}</legend>
      <span aria-hidden="true" className="me-1 text-xs font-semibold tracking-wide text-ink-300 uppercase">
        {t('kit.table.sortBy')}
      </span>
      {options.map((option) => {
        const active = sort.by === option.key;
        const next: SortOrder = active && sort.order === 'asc' ? 'desc' : 'asc';
        return (
          <button
            key={option.key}
            type="button"
            aria-pressed={active}
            onClick={() => onSortChange({ by: option.key, order: next })}
            className={`inline-flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-gold-300 ${
              active
                ? 'border-gold-400/50 bg-gold-400/10 text-gold-200'
                : 'border-white/10 text-ink-200 hover:border-white/25 hover:text-ink-50'
            }`}
          >
            {option.label}
            {active && (
              <>
                <ChevronDownIcon
                  aria-hidden="true"
                  className={`size-4 shrink-0 ${sort.order === 'asc' ? 'rotate-180' : ''}`}
                />
                <span className="sr-only">
                  {sort.order === 'asc' ? t('kit.table.sortedAscending') : t('kit.table.sortedDescending')}
                </span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
