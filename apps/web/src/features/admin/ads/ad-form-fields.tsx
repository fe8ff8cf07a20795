import { AD_LOCATIONS, type AdLocation, MAX_AD_CAP } from '@ovation/shared/schemas/ads';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/form/form-field';
import { NumberField, TextField } from '../../../components/form/text-field';
import { useAdLocationName } from '../lib/ad-location-name';
import type { AdField, AdFormValues } from './ad-form';

/** What a part of the ad form is given: the ids, the values and their setter, the shown errors. */
export interface AdFormPartProps {
  id: (field: string) => string;
  values: AdFormValues;
  set: <Field extends keyof AdFormValues>(field: Field, value: AdFormValues[Field]) => void;
  errorText: (field: AdField) => string | null;
}

/** Two related fields side by side from `sm` up, named by a legend, with one hint under the legend. */
export function FieldGroup({
  legend,
  hint,
  children,
}: {
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="min-w-0">
      <legend className="text-sm font-semibold text-ink-100">{legend}</legend>
      <p id={hintId} className="mt-0.5 mb-3 text-sm text-ink-400">
        {hint}
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** The locations as a group of checkboxes, each with a line saying where on the site it shows. */
export function LocationChoices({
  id,
  chosen,
  onChange,
  error,
}: {
  id: string;
  chosen: readonly AdLocation[];
  onChange: (locations: AdLocation[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation('admin-ads');
  const locationName = useAdLocationName();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const toggle = (location: AdLocation, on: boolean) =>
    onChange(AD_LOCATIONS.filter((each) => (each === location ? on : chosen.includes(each))));
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId} className="min-w-0">
      <legend className="text-sm font-semibold text-ink-100">
        {t('form.locations')}
        <span aria-hidden="true" className="ms-0.5 text-coral-300">
          *
        </span>
      </legend>
      <p id={hintId} className="mt-0.5 mb-3 text-sm text-ink-400">
        {t('form.locationsHint')}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {AD_LOCATIONS.map((location) => {
          const checked = chosen.includes(location);
          return (
            <label
              key={location}
              className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-300 ${
                checked ? 'border-gold-400/60 bg-gold-400/[0.06]' : 'border-white/10 hover:border-white/25'
              }`}
            >
              <input
                type="checkbox"
                name={id}
                value={location}
                checked={checked}
                aria-invalid={Boolean(error)}
                onChange={(event) => toggle(location, event.target.checked)}
                className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-gold-400 focus-visible:outline-none"
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-ink-50">{locationName(location)}</span>
                <span className="block text-xs text-ink-400">{t(`locationHints.${location}`)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </fieldset>
  );
}

/** When the ad runs: calendar days in the platform's `timezone` (a new ad starts today); no end is allowed. */
export function AdScheduleFields({
  id,
  values,
  set,
  errorText,
  timezone,
}: AdFormPartProps & { timezone: string | undefined }) {
  const { t } = useTranslation('admin-ads');
  return (
    <FieldGroup legend={t('form.schedule')} hint={t('form.scheduleHint', { timezone: timezone ?? '…' })}>
      <TextField
        id={id('startDate')}
        type="date"
        label={t('form.startDate')}
        error={errorText('startDate')}
        value={values.startDate}
        onChange={(value) => set('startDate', value)}
        inputClassName="tabular-nums"
      />
      <TextField
        id={id('endDate')}
        type="date"
        label={t('form.endDate')}
        optional
        hint={t('form.endDateHint')}
        error={errorText('endDate')}
        min={values.startDate || undefined}
        value={values.endDate}
        onChange={(value) => set('endDate', value)}
        inputClassName="tabular-nums"
      />
    </FieldGroup>
  );
}

/** How many times the ad may show, a day and in all: 0 is no limit. */
export function AdLimitFields({ id, values, set, errorText }: AdFormPartProps) {
  const { t } = useTranslation('admin-ads');
  return (
    <FieldGroup legend={t('form.limits')} hint={t('form.limitsHint')}>
      {(['maxDailyImpressions', 'maxTotalImpressions'] as const).map((field) => (
        <NumberField
          key={field}
          id={id(field)}
          label={t(`form.${field}`)}
          error={errorText(field)}
          min={0}
          max={MAX_AD_CAP}
          value={values[field]}
          onChange={(value) => set(field, value)}
        />
      ))}
    </FieldGroup>
  );
}
