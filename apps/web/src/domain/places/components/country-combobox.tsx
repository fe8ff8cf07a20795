import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { ChevronDownIcon } from '../../../components/ui/icons';
import type { Country } from '../api/countries';

export interface CountryOption extends Country {
  /** The name in the page's language (Intl.DisplayNames), else the English name. */
  label: string;
  /** Lower-case, accent-free label and English name, for searching. */
  haystack: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

/** The country list in the page's language, sorted as that language sorts. */
export function useCountryOptions(countries: Country[] | undefined): CountryOption[] {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    if (!countries) return [];
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(language);
    return countries
      .map((country) => {
        let label = country.name;
        try {
          label = names?.of(country.id) ?? country.name;
        } catch {
          // Not a code Intl knows (e.g. a historic one): keep the English name.
        }
        return { ...country, label, haystack: fold(`${label} ${country.name}`) };
      })
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [countries, language]);
}

interface CountryComboboxProps {
  id: string;
  options: CountryOption[];
  /** The chosen country's English name, or ''. */
  value: string;
  onChange: (name: string) => void;
  invalid: boolean;
  describedBy?: string;
  loading?: boolean;
  required?: boolean;
}

/**
 * A searchable country picker with flags (ARIA 1.2 combobox with a list popup): type to filter, arrows to
 * move, Enter to choose, Escape to close. It shows names in the page's language and reports the English
 * name, which the API expects.
 */
export function CountryCombobox({
  id,
  options,
  value,
  onChange,
  invalid,
  describedBy,
  loading = false,
  required = false,
}: CountryComboboxProps) {
  const { t } = useTranslation('auth');
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((option) => option.name === value) ?? null;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    if (!query) return options;
    const needle = fold(query.trim());
    const starts = options.filter((option) => fold(option.label).startsWith(needle));
    const contains = options.filter(
      (option) => !fold(option.label).startsWith(needle) && option.haystack.includes(needle),
    );
    return [...starts, ...contains];
  }, [options, query]);

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);

  const choose = (option: CountryOption) => {
    onChange(option.name);
    setQuery(null);
    setOpen(false);
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open)
        openAt(
          Math.max(
            0,
            matches.findIndex((option) => option.name === value),
          ),
        );
      else setActive((index) => Math.min(index + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  const onBlur = () => {
    // A name typed in full counts as a choice; anything else falls back to the current country.
    if (query !== null) {
      const typed = fold(query.trim());
      const exact = options.find((option) => fold(option.label) === typed || fold(option.name) === typed);
      if (exact) onChange(exact.name);
    }
    setQuery(null);
    setOpen(false);
  };

  const shown = query ?? selected?.label ?? '';
  const activeOption = open ? matches[active] : undefined;

  return (
    <div className="relative">
      {selected && query === null && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 start-4 flex items-center text-xl"
        >
          {selected.emoji}
        </span>
      )}
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.id}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        placeholder={loading ? t('form.countriesLoading') : t('form.countryPlaceholder')}
        value={shown}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          openAt(0);
        }}
        onClick={() =>
          !open &&
          openAt(
            Math.max(
              0,
              matches.findIndex((option) => option.name === value),
            ),
          )
        }
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className={inputClass(invalid, `pe-11 ${selected && query === null ? 'ps-12' : ''}`)}
      />
      <ChevronDownIcon
        className={`pointer-events-none absolute inset-y-0 end-4 my-auto size-4 text-ink-400 transition-transform ${open ? 'rotate-180' : ''}`}
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('form.country')}
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-2 max-h-64 overflow-y-auto overscroll-contain rounded-2xl border border-white/10 bg-ink-850 p-1.5 shadow-2xl shadow-black/60"
      >
        {matches.length === 0 && <p className="px-3 py-3 text-sm text-ink-400">{t('form.noCountryMatch')}</p>}
        {open &&
          matches.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
            // biome-ignore lint/a11y/useFocusableInteractive: options of an aria-activedescendant listbox are never focused.
            <div
              key={option.id}
              id={`${listId}-${option.id}`}
              role="option"
              data-index={index}
              aria-selected={option.name === value}
              // Keep the focus in the input: a mousedown on the list would blur it and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => active !== index && setActive(index)}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 text-ink-100 ${
                index === active ? 'bg-white/[0.09]' : ''
              } ${option.name === value ? 'font-semibold text-gold-200' : ''}`}
            >
              <span aria-hidden="true" className="text-xl">
                {option.emoji}
              </span>
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
            </div>
          ))}
      </div>
    </div>
  );
}
