import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INPUT_CLASS, SELECT_CLASS, SELECT_STYLE } from '../form/control-styles';
import { SearchInput } from '../form/search-input';
import { buttonClass } from '../ui/button-styles';
import { SearchIcon } from '../ui/icons';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelect {
  /** The filter's name in the values handed to onApply (and so in the URL with useListParams). */
  name: string;
  label: string;
  value: string;
  options: FilterOption[];
  disabled?: boolean;
}

export interface FilterBarProps {
  /** The search box; leave out for a list without text search. */
  search?: { label: string; placeholder?: string; value: string };
  selects?: FilterSelect[];
  /**
   * Called with every filter (`search` plus each select's name) when Search is pressed (or Enter), and at
   * once when a select changes. Pass useListParams' setParams.
   */
  onApply: (values: Record<string, string>) => void;
  /** Clear Filters: pass useListParams' reset. */
  onClear: () => void;
  /** 'Search Songs' (default 'Search'). */
  applyLabel?: string;
  /** 'Clear Filters' (default). */
  clearLabel?: string;
  /** More buttons at the end of the row (Export to Excel). */
  actions?: ReactNode;
  /** The landmark's name (default 'Filters'). */
  label?: string;
}

/**
 * A list's filter row in a search landmark: a search box, selects, Search and Clear buttons and an
 * actions slot. It wraps on a phone (search on its own line, selects two by two, buttons full width).
 * The typed search text is a draft until Search or Enter; selects apply at once. When the applied values
 * change from outside (Back, Clear), the draft follows.
 */
export function FilterBar({
  search,
  selects = [],
  onApply,
  onClear,
  applyLabel,
  clearLabel,
  actions,
  label,
}: FilterBarProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const applied = search?.value ?? '';
  const [draft, setDraft] = useState(applied);
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setDraft(applied);
  }

  const values = (patch: Record<string, string> = {}) => ({
    ...(search ? { search: draft.trim() } : {}),
    ...Object.fromEntries(selects.map((select) => [select.name, select.value])),
    ...patch,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values());
  };

  return (
    <search aria-label={label ?? t('kit.filters.label')}>
      <form
        onSubmit={submit}
        className="grid grid-cols-2 items-end gap-3 rounded-3xl border border-white/10 bg-ink-900/60 p-4 sm:flex sm:flex-wrap"
      >
        {search && (
          <div className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:min-w-64 sm:flex-[2_1_16rem]">
            <label htmlFor={`${id}-search`} className="text-sm font-semibold text-ink-200">
              {search.label}
            </label>
            <SearchInput
              id={`${id}-search`}
              value={draft}
              onChange={setDraft}
              placeholder={search.placeholder}
            />
          </div>
        )}
        {selects.map((select) => (
          <div key={select.name} className="flex min-w-0 flex-col gap-1.5 sm:flex-[1_1_10rem]">
            <label htmlFor={`${id}-${select.name}`} className="text-sm font-semibold text-ink-200">
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              value={select.value}
              disabled={select.disabled}
              onChange={(event) => onApply(values({ [select.name]: event.target.value }))}
              className={`${INPUT_CLASS} border-white/15 hover:border-white/25 ${SELECT_CLASS}`}
              style={SELECT_STYLE}
            >
              {select.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="col-span-2 flex flex-wrap gap-2 sm:flex-none">
          <button type="submit" className={buttonClass('primary', 'lg', 'flex-auto sm:flex-none')}>
            <SearchIcon aria-hidden="true" className="size-4" />
            {applyLabel ?? t('kit.filters.search')}
          </button>
          <button
            type="button"
            onClick={onClear}
            className={buttonClass('secondary', 'lg', 'flex-auto sm:flex-none')}
          >
            {clearLabel ?? t('kit.filters.clear')}
          </button>
          {actions}
        </div>
      </form>
    </search>
  );
}
