import { changePasswordBodySchema } from '@ovation/shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '../../../components/form/form-field';
import { PasswordInput } from '../../../components/form/password-input';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast, TOAST_DURATION_MS } from '../../../components/ui/toast';
import { usePublicAction } from '../../../lib/use-action';
import { type FieldErrors, serverFieldErrors, validateWith } from '../../../lib/validate';
import { changePassword } from '../api/profile-api';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password: current, new and confirmation, sent to PUT /auth/password. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<PasswordField>>({});

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };

  const change = usePublicAction({
    action: changePassword,
    success: t('password.success'),
    failure: t('password.failed'),
    // A wrong current password shows under its field; only a failure tied to no field is toasted.
    toastOnError: false,
    onSuccess: close,
    onError: (error, message) => {
      const fields: FieldErrors<PasswordField> = {};
      for (const { field, key } of serverFieldErrors(error)) {
        if (field === 'currentPassword' || field === 'newPassword') fields[field] ??= key;
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) showToast(message, 'error', TOAST_DURATION_MS);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const checked = validateWith<typeof changePasswordBodySchema, PasswordField>(
      changePasswordBodySchema,
      values,
    );
    const found: FieldErrors<PasswordField> = checked.ok ? {} : { ...checked.errors };
    if (!values.confirmPassword) found.confirmPassword = 'validation.confirmPasswordRequired';
    else if (values.confirmPassword !== values.newPassword)
      found.confirmPassword = 'validation.passwordsDoNotMatch';
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) return;
    change.mutate(checked.data);
  };

  const field = (name: PasswordField, autoComplete: string) => {
    const fieldId = `${id}-${name}`;
    const error = errors[name] ? tShell(errors[name]) : null;
    return (
      <FormField id={fieldId} label={t(`password.${name}`)} error={error}>
        <PasswordInput
          id={fieldId}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, [name]: value }));
            setErrors(({ [name]: _cleared, ...rest }) => rest);
          }}
          invalid={Boolean(error)}
          aria-describedby={describedBy(fieldId, error)}
        />
      </FormField>
    );
  };

  return (
    <Modal open={open} onClose={close} title={t('password.title')} description={t('password.description')}>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
        {field('currentPassword', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('confirmPassword', 'new-password')}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonClass('secondary', 'md')}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={change.isPending} className={buttonClass('primary', 'md')}>
            {change.isPending && <InlineSpinner />}
            {t('password.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
