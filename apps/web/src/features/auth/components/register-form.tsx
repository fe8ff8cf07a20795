import { type FormEvent, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { inputClass } from '../../../components/form/control-styles';
import { describedBy, FormField } from '../../../components/form/form-field';
import { CountryStateFields } from '../../../domain/places/components/country-state-fields';
import type { FieldErrors } from '../../../lib/validate';
import { FormNotice } from './auth-layout';
import { PasswordField } from './password-field';
import { RoleChoice, type SelfServiceRole } from './role-choice';
import { SubmitButton } from './submit-button';

export interface RegisterValues {
  name: string;
  email: string;
  phoneNumber: string;
  country: string;
  state: string;
  password: string;
  /** Checked on this side only; never sent (the public spec). */
  confirmPassword: string;
  role: SelfServiceRole;
}

export type RegisterField = Exclude<keyof RegisterValues, 'role'> | 'captcha';

interface CaptchaSetup {
  /** Changing it mounts a fresh widget (a token is single-use). */
  key: number;
  provider: 'altcha' | 'recaptcha';
  siteKey: string | null;
  onToken: (token: string | null) => void;
}

interface RegisterFormProps {
  values: RegisterValues;
  errors: FieldErrors<RegisterField>;
  formError: string | null;
  submitting: boolean;
  captcha: CaptchaSetup | null;
  onChange: <Field extends keyof RegisterValues>(field: Field, value: RegisterValues[Field]) => void;
  onSubmit: () => void;
}

/** The sign-up form's fields; validation and the call live in the page. */
export function RegisterForm({
  values,
  errors,
  formError,
  submitting,
  captcha,
  onChange,
  onSubmit,
}: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const id = useId();
  const message = (field: RegisterField) => {
    const key = errors[field];
    return key ? tShell(key) : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  /** A single-line text field: label, input, error, all wired together. */
  const text = (
    field: 'name' | 'email' | 'phoneNumber',
    options: {
      type: string;
      autoComplete: string;
      inputMode?: 'email' | 'tel' | 'text';
      ltr?: boolean;
      hint?: string;
    },
  ) => {
    const fieldId = `${id}-${field}`;
    const error = message(field);
    return (
      <FormField id={fieldId} label={t(`form.${field}`)} error={error} hint={options.hint}>
        <input
          id={fieldId}
          name={field}
          type={options.type}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          dir={options.ltr ? 'ltr' : undefined}
          placeholder={t(`form.${field}Placeholder`)}
          value={values[field]}
          onChange={(event) => onChange(field, event.currentTarget.value)}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={describedBy(fieldId, error, options.hint)}
          className={inputClass(Boolean(error), options.ltr ? 'rtl:text-end' : '')}
        />
      </FormField>
    );
  };

  const passwordId = `${id}-password`;
  const confirmId = `${id}-confirm`;
  const passwordError = message('password');
  const confirmError = message('confirmPassword');
  const captchaError = message('captcha');

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('register.title')}</h1>
        <p className="mt-2 text-ink-300">{t('register.subtitle')}</p>
      </header>

      {formError && <FormNotice tone="error">{formError}</FormNotice>}

      <RoleChoice value={values.role} onChange={(role) => onChange('role', role)} />

      <div className="flex flex-col gap-5">
        {text('name', { type: 'text', autoComplete: 'name' })}
        {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email', ltr: true })}
        {text('phoneNumber', {
          type: 'tel',
          autoComplete: 'tel',
          inputMode: 'tel',
          ltr: true,
          hint: t('form.phoneHint'),
        })}
        <CountryStateFields
          country={values.country}
          state={values.state}
          countryError={message('country')}
          stateError={message('state')}
          onCountryChange={(name) => onChange('country', name)}
          onStateChange={(name) => onChange('state', name)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <PasswordField
            id={passwordId}
            label={t('form.password')}
            name="password"
            autoComplete="new-password"
            hint={t('form.passwordHint')}
            value={values.password}
            error={passwordError}
            onChange={(value) => onChange('password', value)}
          />
          <PasswordField
            id={confirmId}
            label={t('form.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={confirmError}
            onChange={(value) => onChange('confirmPassword', value)}
          />
        </div>
      </div>

      {captcha && (
        <div className="flex flex-col gap-2">
          <CaptchaField
            key={captcha.key}
            provider={captcha.provider}
            siteKey={captcha.siteKey}
            onToken={captcha.onToken}
            onError={() => {
              // The field shows the message and its Retry button itself.
            }}
          />
          {captchaError && (
            <p role="alert" className="text-sm font-medium text-coral-300">
              {captchaError}
            </p>
          )}
        </div>
      )}

      <p className="text-center text-sm text-ink-400">
        <Trans
          t={t}
          i18nKey="register.legalNotice"
          components={{
            terms: <Link to="/terms-of-service" className="text-gold-300 underline underline-offset-4" />,
            privacy: <Link to="/privacy-policy" className="text-gold-300 underline underline-offset-4" />,
          }}
        />
      </p>
      <SubmitButton busy={submitting} label={t('register.submit')} busyLabel={t('register.submitting')} />

      <p className="text-center text-ink-300">
        {t('register.haveAccount')}{' '}
        <Link to="/login" className="font-semibold text-gold-300 underline-offset-4 hover:underline">
          {t('register.loginLink')}
        </Link>
      </p>
    </form>
  );
}
