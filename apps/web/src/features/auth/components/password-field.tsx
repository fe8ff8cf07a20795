import { describedBy, FormField } from '../../../components/form/form-field';
import { PasswordInput } from '../../../components/form/password-input';

interface PasswordFieldProps {
  id: string;
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  /** The rules of a new password, under the box until an error replaces them. */
  hint?: string;
  value: string;
  /** The translated error, or null. */
  error: string | null;
  onChange: (value: string) => void;
}

/** A labelled password box with its show/hide toggle, hint and error, wired for assistive technology. */
export function PasswordField({
  id,
  label,
  name,
  autoComplete,
  hint,
  value,
  error,
  onChange,
}: PasswordFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <PasswordInput
        id={id}
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
      />
    </FormField>
  );
}
