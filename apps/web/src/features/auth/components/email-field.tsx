import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { describedBy, FormField } from '../../../components/form/form-field';

interface EmailFieldProps {
  id: string;
  value: string;
  /** The translated error, or null. */
  error: string | null;
  onChange: (value: string) => void;
}

/**
 * The account e-mail box of the sign-in, forgot-password and reset-password forms: typed left to right
 * (and kept at the inline end in Arabic), offered by the password manager as the username.
 */
export function EmailField({ id, value, error, onChange }: EmailFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <FormField id={id} label={t('form.email')} error={error}>
      <input
        id={id}
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        dir="ltr"
        placeholder={t('form.emailPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy(id, error)}
        className={inputClass(Boolean(error), 'rtl:text-end')}
      />
    </FormField>
  );
}
