import { RETENTION } from '@ovation/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FormField } from '../../../components/form/form-field';
import { PasswordInput } from '../../../components/form/password-input';
import { TextField } from '../../../components/form/text-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast, TOAST_DURATION_MS } from '../../../components/ui/toast';
import { formatQuantity } from '../../../lib/format-number';
import { endSession } from '../../../lib/session';
import { usePublicAction } from '../../../lib/use-action';
import { serverFieldErrors } from '../../../lib/validate';
import { deleteAccount, requestDeletionCode } from '../api/profile-api';

const CODE_PATTERN = /^\d{6}$/;

/**
 * Delete my account: what happens, said plainly (deactivated now, every session ends, restored by signing
 * in within 30 days, then erased; the votes still count), then the password, or for an account without
 * one (social sign-in) a code sent by e-mail. On success the session ends here too and the app goes home.
 */
export function DeleteAccountModal({
  open,
  onClose,
  hasPassword,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const id = useId();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const days = formatQuantity(RETENTION.accountDeletionDays, 'day', i18n.language);

  const close = () => {
    setSecret('');
    setError(null);
    onClose();
  };

  const remove = usePublicAction({
    action: deleteAccount,
    success: (message) => message || t('delete.done'),
    failure: t('delete.failed'),
    toastMs: TOAST_DURATION_MS * 2,
    // A wrong password or code shows under its field; only a failure tied to no field is toasted.
    toastOnError: false,
    onSuccess: () => {
      endSession('ended');
      onDeleted();
    },
    onError: (failure, message) => {
      const field = serverFieldErrors(failure).find(
        (each) => each.field === 'password' || each.field === 'code',
      );
      if (field) setError(tShell(field.key));
      else showToast(message, 'error', TOAST_DURATION_MS);
    },
  });

  const sendCode = usePublicAction({
    action: requestDeletionCode,
    success: (message) => message || t('delete.codeSent'),
    failure: t('delete.codeFailed'),
    onSuccess: () => setCodeSent(true),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (hasPassword) {
      if (!secret) return setError(tShell('validation.passwordRequired'));
      remove.mutate({ password: secret });
    } else {
      if (!CODE_PATTERN.test(secret.trim())) return setError(tShell('validation.otpInvalid'));
      remove.mutate({ code: secret.trim() });
    }
  };

  const fieldId = `${id}-secret`;
  const onChange = (value: string) => {
    setSecret(value);
    setError(null);
  };

  return (
    <Modal open={open} onClose={close} title={t('delete.title')} description={t('delete.description')}>
      <ul className="mt-5 flex list-disc flex-col gap-2 ps-5 text-sm text-ink-200">
        <li>{t('delete.effects.now')}</li>
        <li>{t('delete.effects.restore', { period: days })}</li>
        <li>{t('delete.effects.erase', { period: days })}</li>
        <li>{t('delete.effects.votes')}</li>
      </ul>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
        {hasPassword ? (
          <FormField id={fieldId} label={t('delete.password')} error={error}>
            <PasswordInput
              id={fieldId}
              autoComplete="current-password"
              value={secret}
              onChange={(event) => onChange(event.currentTarget.value)}
              invalid={Boolean(error)}
              aria-describedby={describedBy(fieldId, error)}
            />
          </FormField>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-ink-300">{t('delete.codeIntro')}</p>
            <button
              type="button"
              onClick={() => sendCode.mutate()}
              disabled={sendCode.isPending}
              className={buttonClass('secondary', 'md', 'self-start')}
            >
              {sendCode.isPending && <InlineSpinner />}
              {codeSent ? t('delete.sendAgain') : t('delete.sendCode')}
            </button>
            <TextField
              id={fieldId}
              label={t('delete.code')}
              value={secret}
              onChange={onChange}
              error={error}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              dir="ltr"
              inputClassName="tracking-[0.3em] tabular-nums"
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={buttonClass('secondary', 'md')}>
            {t('cancel')}
          </button>
          <button type="submit" disabled={remove.isPending} className={buttonClass('danger', 'md')}>
            {remove.isPending && <InlineSpinner />}
            {t('delete.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
