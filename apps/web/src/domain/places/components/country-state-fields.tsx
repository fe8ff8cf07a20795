import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { describedBy, FormField } from '../../../components/form/form-field';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { countriesQuery } from '../api/countries';
import { CountryCombobox, useCountryOptions } from './country-combobox';

interface CountryStateFieldsProps {
  country: string;
  state: string;
  /** Translated errors, if any. */
  countryError?: string | null;
  stateError?: string | null;
  onCountryChange: (name: string) => void;
  onStateChange: (name: string) => void;
}

/** True when the named country has a state list (then a state is required, the public spec). */
export function useCountryHasStates(country: string): boolean {
  const { data } = useQuery(countriesQuery);
  return Boolean(data?.find((entry) => entry.name === country)?.states.length);
}

/**
 * Country (searchable, with flags) and state/province. Choosing a country resets the state; the state
 * list is disabled until a country with states is chosen (the public spec).
 */
export function CountryStateFields({
  country,
  state,
  countryError,
  stateError,
  onCountryChange,
  onStateChange,
}: CountryStateFieldsProps) {
  const { t } = useTranslation('auth');
  const countryId = useId();
  const stateId = useId();
  const { data, isPending, isError, refetch } = useQuery(countriesQuery);
  const options = useCountryOptions(data);
  const states = data?.find((entry) => entry.name === country)?.states ?? [];
  const collator = new Intl.Collator();
  const sortedStates = [...states].sort((a, b) => collator.compare(a.name, b.name));
  const stateDisabled = !country || states.length === 0;
  const stateHint = !country
    ? t('form.stateChooseCountry')
    : states.length === 0
      ? t('form.stateNone')
      : null;

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <FormField
        id={countryId}
        label={t('form.country')}
        error={countryError}
        hint={
          isError ? (
            <button type="button" onClick={() => void refetch()} className="text-gold-300 underline">
              {t('form.countriesFailed')}
            </button>
          ) : null
        }
      >
        <CountryCombobox
          id={countryId}
          options={options}
          value={country}
          onChange={(name) => {
            if (name === country) return;
            onCountryChange(name);
            onStateChange('');
          }}
          invalid={Boolean(countryError)}
          describedBy={describedBy(countryId, countryError, isError || undefined)}
          loading={isPending}
          required
        />
      </FormField>
      <FormField id={stateId} label={t('form.state')} error={stateError} hint={stateHint}>
        <div className="relative">
          <select
            id={stateId}
            value={state}
            disabled={stateDisabled}
            onChange={(event) => onStateChange(event.currentTarget.value)}
            aria-invalid={Boolean(stateError) || undefined}
            aria-describedby={describedBy(stateId, stateError, stateHint)}
            autoComplete="address-level1"
            className={inputClass(Boolean(stateError), 'appearance-none pe-11')}
          >
            <option value="">{t('form.statePlaceholder')}</option>
            {sortedStates.map((entry) => (
              <option key={entry.id} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute inset-y-0 end-4 my-auto size-4 text-ink-400" />
        </div>
      </FormField>
    </div>
  );
}
