import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/data/pager';
import { FieldError } from '../../../components/form/form-field';
import { SearchInput } from '../../../components/form/search-input';
import { buttonClass } from '../../../components/ui/button-styles';
import { formatFileSize } from '../../../lib/format-number';
import { LibraryImage } from './library-image';
import { libraryImagesQuery } from './media-queries';
import { shortFilename } from './short-filename';

interface LibraryPickerProps {
  /** The chosen image's filename, or null. */
  value: string | null;
  /** The library image the item already shows (an edit): marked chosen until another is picked. */
  current?: string | null;
  onChange: (filename: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/** How long typing pauses before the library is searched. */
const SEARCH_DELAY_MS = 300;

/** Library images a page in the picker: a grid of three or four across, so fewer than the library's 20. */
const PICKER_PAGE_SIZE = 12;

/**
 * 'Choose from the library': the image library as a set of radio buttons (one picture each, arrow keys
 * move between them), searchable by file name, a page at a time. Shared by the banner and ad forms, so its
 * words are the admin kit's; it loads the library (the images screen's query) only while it is shown.
 */
export function LibraryPicker({
  value,
  current = null,
  onChange,
  error,
  disabled = false,
}: LibraryPickerProps) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState({ page: 1, search: '' });
  useEffect(() => {
    const timer = window.setTimeout(
      () =>
        setFilters((current) =>
          current.search === typed.trim() ? current : { page: 1, search: typed.trim() },
        ),
      SEARCH_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [typed]);
  const library = useQuery(libraryImagesQuery(filters, PICKER_PAGE_SIZE));
  const images = library.data?.images;
  const errorId = `${id}-error`;

  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      className="min-w-0 rounded-2xl border border-white/10 bg-ink-950/40 p-3 sm:p-4"
    >
      <legend className="sr-only">{t('kit.library.heading')}</legend>
      <label htmlFor={`${id}-search`} className="text-sm font-semibold text-ink-200">
        {t('kit.library.search')}
      </label>
      <SearchInput
        id={`${id}-search`}
        value={typed}
        onChange={setTyped}
        placeholder={t('kit.library.searchPlaceholder')}
        className="mt-1.5"
      />
      {library.isError ? (
        <div role="alert" className="mt-3 text-sm text-coral-200">
          {t('kit.library.loadFailed')}{' '}
          <button
            type="button"
            onClick={() => void library.refetch()}
            className={buttonClass('ghost', 'sm', 'px-2')}
          >
            {t('kit.library.retry')}
          </button>
        </div>
      ) : images === undefined ? (
        <ul aria-hidden="true" className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="aspect-[5/3] animate-pulse rounded-xl bg-white/[0.05]" />
          ))}
        </ul>
      ) : images.length === 0 ? (
        <p className="mt-3 rounded-xl bg-white/[0.03] p-4 text-sm text-ink-300">
          {filters.search ? t('kit.library.noMatch') : t('kit.library.empty')}
        </p>
      ) : (
        <ul
          className={`mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3 ${library.isPlaceholderData ? 'opacity-60' : ''}`}
        >
          {images.map((image) => {
            const chosen = image.filename === (value ?? current);
            return (
              <li key={image.filename} className="min-w-0">
                <label className="group block cursor-pointer">
                  <input
                    type="radio"
                    name={`${id}-image`}
                    value={image.filename}
                    checked={chosen}
                    disabled={disabled}
                    onChange={() => onChange(image.filename)}
                    className="peer sr-only"
                  />
                  <span
                    className={`block overflow-hidden rounded-xl bg-ink-950 ring-2 transition peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300 ${
                      chosen ? 'ring-gold-400' : 'ring-white/10 group-hover:ring-white/30'
                    }`}
                  >
                    <LibraryImage
                      image={image}
                      sizes="12rem"
                      lazy
                      className="aspect-[5/3] w-full object-cover"
                    />
                  </span>
                  <span className="mt-1 flex items-center justify-between gap-2 text-xs">
                    <span dir="ltr" title={image.filename} className="truncate font-mono text-ink-200">
                      {shortFilename(image.filename)}
                    </span>
                    <bdi className="shrink-0 text-ink-400 tabular-nums">
                      {formatFileSize(image.size, i18n.language)}
                    </bdi>
                  </span>
                  {chosen && <span className="sr-only">{t('kit.library.chosen')}</span>}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        page={library.data?.pagination.page ?? 1}
        pages={library.data?.pagination.pages ?? 1}
        onPage={(page) => setFilters((current) => ({ ...current, page }))}
        className="mt-3"
      />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}
