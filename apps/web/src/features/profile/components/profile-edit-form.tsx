import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { type User, updateProfileBodySchema } from '@ovation/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { describedBy, FormField } from '../../../components/form/form-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { InlineSpinner } from '../../../components/ui/spinner';
import { countriesQuery } from '../../../domain/places/api/countries';
import { CountryStateFields } from '../../../domain/places/components/country-state-fields';
import { type FieldErrors, type FieldMessageKey, validateWith } from '../../../lib/validate';
import type { ProfileChanges } from '../api/profile-api';

type ProfileField = 'name' | 'bio' | 'phoneNumber' | 'country' | 'state';

interface ProfileEditFormProps {
  user: User;
  saving: boolean;
  /** Errors the server reported for fields, to show under them. */
  serverErrors: FieldErrors<ProfileField>;
  onSave: (changes: ProfileChanges) => void;
  onCancel: () => void;
}

/** Edit mode: name, bio (500 characters, counted), phone, country and state; e-mail stays read-only. */
export function ProfileEditForm({ user, saving, serverErrors, onSave, onCancel }: ProfileEditFormProps) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const id = useId();
  const countries = useQuery(countriesQuery);
  const [values, setValues] = useState({
    name: user.name,
    bio: user.bio ?? '',
    phoneNumber: user.phoneNumber ?? '',
    country: user.country ?? '',
    state: user.state ?? '',
  });
  const [localErrors, setLocalErrors] = useState<FieldErrors<ProfileField>>({});
  const [edited, setEdited] = useState<Set<ProfileField>>(new Set());
  const errorFor = (field: ProfileField): string | null => {
    const key: FieldMessageKey | undefined =
      localErrors[field] ?? (edited.has(field) ? undefined : serverErrors[field]);
    return key ? tShell(key) : null;
  };

  const change = (field: ProfileField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => new Set(current).add(field));
    setLocalErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ProfileChanges = {
      name: values.name,
      bio: values.bio,
      ...(values.phoneNumber.trim() ? { phoneNumber: values.phoneNumber } : {}),
      ...(values.country ? { country: values.country, state: values.state } : {}),
    };
    const checked = validateWith<typeof updateProfileBodySchema, ProfileField>(
      updateProfileBodySchema,
      changes,
    );
    const found: FieldErrors<ProfileField> = checked.ok ? {} : { ...checked.errors };
    const country = countries.data?.find((entry) => entry.name === values.country);
    if (!found.state && country && country.states.length > 0 && !values.state)
      found.state = 'validation.stateRequired';
    setLocalErrors(found);
    setEdited(new Set());
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
      return;
    }
    onSave(changes);
  };

  const nameId = `${id}-name`;
  const emailId = `${id}-email`;
  const bioId = `${id}-bio`;
  const phoneId = `${id}-phone`;
  const nameError = errorFor('name');
  const bioError = errorFor('bio');
  const phoneError = errorFor('phoneNumber');
  const bioLength = values.bio.length;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <FormField id={nameId} label={t('fields.name')} error={nameError}>
        <input
          id={nameId}
          name="name"
          dir="auto"
          autoComplete="name"
          value={values.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          aria-invalid={Boolean(nameError) || undefined}
          aria-describedby={describedBy(nameId, nameError)}
          className={inputClass(Boolean(nameError))}
        />
      </FormField>
      <FormField id={emailId} label={t('fields.email')} hint={t('fields.emailReadOnly')}>
        <input
          id={emailId}
          type="email"
          value={user.email}
          readOnly
          dir="ltr"
          aria-describedby={`${emailId}-hint`}
          className={inputClass(false, 'cursor-default bg-ink-850 text-ink-300 rtl:text-end')}
        />
      </FormField>
      <FormField
        id={bioId}
        label={t('fields.bio')}
        error={bioError}
        aside={
          <span
            className={`text-sm tabular-nums ${bioLength > MAX_TEXT_LENGTH ? 'font-semibold text-coral-300' : 'text-ink-400'}`}
          >
            {t('fields.bioCount', { length: bioLength, max: MAX_TEXT_LENGTH })}
          </span>
        }
      >
        <textarea
          id={bioId}
          name="bio"
          dir="auto"
          rows={4}
          value={values.bio}
          placeholder={t('fields.bioPlaceholder')}
          onChange={(event) => change('bio', event.currentTarget.value)}
          aria-invalid={Boolean(bioError) || undefined}
          aria-describedby={describedBy(bioId, bioError)}
          className={inputClass(Boolean(bioError), 'resize-y leading-relaxed')}
        />
      </FormField>
      <FormField id={phoneId} label={t('fields.phoneNumber')} error={phoneError}>
        <input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          value={values.phoneNumber}
          onChange={(event) => change('phoneNumber', event.currentTarget.value)}
          aria-invalid={Boolean(phoneError) || undefined}
          aria-describedby={describedBy(phoneId, phoneError)}
          className={inputClass(Boolean(phoneError), 'rtl:text-end')}
        />
      </FormField>
      <CountryStateFields
        country={values.country}
        state={values.state}
        countryError={errorFor('country')}
        stateError={errorFor('state')}
        onCountryChange={(name) => change('country', name)}
        onStateChange={(name) => change('state', name)}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={saving} className={buttonClass('secondary', 'md')}>
          {t('cancel')}
        </button>
        <button type="submit" disabled={saving} className={buttonClass('primary', 'md')}>
          {saving && <InlineSpinner />}
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
