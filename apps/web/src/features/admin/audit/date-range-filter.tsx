import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';

/**
 * The audit's From and To dates (calendar days in the platform's timezone, To included whole). A change
 * applies at once, like FilterBar's selects; a From after the To moves the other side along, so the range
 * is never backwards.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
  hint,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  hint?: string;
}) {
  const { t } = useTranslation('admin-audit');
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('filters.dates')}</legend>
      <div className="flex min-w-40 flex-1 flex-col gap-1.5 sm:flex-none">
        <label htmlFor={`${id}-from`} className="text-sm font-semibold text-ink-200">
          {t('filters.from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => {
            const next = event.target.value;
            onChange({ from: next, to: to && next && next > to ? next : to });
          }}
          className={inputClass(false, 'sm:w-48 [color-scheme:dark]')}
        />
      </div>
      <div className="flex min-w-40 flex-1 flex-col gap-1.5 sm:flex-none">
        <label htmlFor={`${id}-to`} className="text-sm font-semibold text-ink-200">
          {t('filters.to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => {
            const next = event.target.value;
            onChange({ from: from && next && next < from ? next : from, to: next });
          }}
          className={inputClass(false, 'sm:w-48 [color-scheme:dark]')}
        />
      </div>
      {hint && <p className="basis-full text-xs text-ink-400 sm:basis-auto sm:pb-3">{hint}</p>}
    </fieldset>
  );
}
