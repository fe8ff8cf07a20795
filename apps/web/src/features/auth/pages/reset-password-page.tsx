import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared/constants';
import { emailField, newPasswordField } from '@ovation/shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FieldError } from '../../../components/form/form-field';
import { errorDetailNumber } from '../../../lib/api-error-message';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FieldErrors, serverFieldErrors, validateWith } from '../../../lib/validate';
import { forgotPassword, resetPassword } from '../api/auth-api';
import { AuthLayout, FormNotice } from '../components/auth-layout';
import { EmailAddress } from '../components/email-address';
import { EmailField } from '../components/email-field';
import { OtpInput } from '../components/otp-input';
import { PasswordField } from '../components/password-field';
import { ResendCode } from '../components/resend-code';
import { SubmitButton } from '../components/submit-button';
import { useCountdown } from '../lib/use-countdown';

type ResetField = 'email' | 'code' | 'password' | 'confirmPassword';

/** The form's own check: the shared rules for the e-mail and the new password (as at registration). */
const resetFormSchema = z.object({ email: emailField, password: newPasswordField });
const emailOnlySchema = z.object({ email: emailField });

/**
 * /reset-password: the mailed 6-digit code (or the mailed link's token, read from the address and then
 * removed from it) and a new password under the registration's rules. On success the fan goes to /login
 * to sign in with it rather than being signed in here: the link may be opened on a shared or borrowed
 * device, and one sign-in path keeps the lock, verification and audit in one place (and lets the
 * browser's password manager save the new password).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [emailFromLink] = useState(() => searchParams.get('email') ?? '');
  // The token stays in memory only: it leaves the address bar (and the history) at once.
  const [token] = useState(() => {
    const fromLink = searchParams.get('token');
    if (fromLink) {
      window.history.replaceState(
        window.history.state,
        '',
        `${location.pathname}?${new URLSearchParams({ email: searchParams.get('email') ?? '' })}`,
      );
    }
    return fromLink;
  });
  const justSent = (location.state as { sent?: boolean } | null)?.sent === true;
  const [email, setEmail] = useState(emailFromLink);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const { secondsLeft, restart } = useCountdown(justSent ? OTP_RESEND_COOLDOWN_SECONDS : 0);
  const emailId = useId();
  const codeLabelId = useId();
  const codeErrorId = useId();
  const passwordId = useId();
  const confirmId = useId();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('reset.title') }));

  /** A field's change handler: keeps the value, and drops its error and the failure shown above the form. */
  const edit = (field: ResetField, set: (value: string) => void) => (value: string) => {
    set(value);
    setFailure(null);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const reset = usePublicAction({
    action: resetPassword,
    success: false,
    failure: t('reset.failed'),
    toastOnError: false,
    onSuccess: (_, sent) =>
      navigate('/login', { replace: true, state: { email: sent.email, notice: 'passwordReset' } }),
    onError: (error, message) => {
      const fieldErrors = serverFieldErrors(error).filter(({ field }) => field === 'password');
      if (fieldErrors[0]) setErrors({ password: fieldErrors[0].key });
      else {
        setFailure(message);
        if (!token) setCode('');
      }
    },
  });

  const resend = usePublicAction({
    action: forgotPassword,
    success: t('reset.resent'),
    failure: t('forgot.failed'),
    onSuccess: (answer) => {
      restart(answer.retryAfterSeconds);
      setCode('');
    },
    onError: (error) => {
      const wait = errorDetailNumber(error, 'retryAfterSeconds');
      if (wait !== null) restart(wait);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const checked = validateWith<typeof resetFormSchema, ResetField>(resetFormSchema, { email, password });
    const found: FieldErrors<ResetField> = checked.ok ? {} : { ...checked.errors };
    if (!token && code.length !== OTP_LENGTH) found.code = 'validation.otpIncomplete';
    if (!confirmPassword) found.confirmPassword = 'validation.confirmPasswordRequired';
    else if (confirmPassword !== password) found.confirmPassword = 'validation.passwordsDoNotMatch';
    setErrors(found);
    setFailure(null);
    if (!checked.ok || Object.keys(found).length > 0) {
      requestAnimationFrame(() =>
        document
          .querySelector<HTMLElement>('main [aria-invalid="true"], main [data-otp-invalid] input')
          ?.focus(),
      );
      return;
    }
    reset.mutate({
      email: checked.data.email,
      password: checked.data.password,
      ...(token ? { token } : { code }),
    });
  };

  const askAgain = () => {
    const checked = validateWith<typeof emailOnlySchema, ResetField>(emailOnlySchema, { email });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setFailure(null);
    resend.mutate(checked.data.email);
  };

  const fieldError = (field: ResetField) => (errors[field] ? tShell(errors[field]) : null);
  const emailError = fieldError('email');
  const codeError = fieldError('code');
  const passwordError = fieldError('password');
  const confirmError = fieldError('confirmPassword');
  const newLink = `/forgot-password?${new URLSearchParams(email ? { email } : {})}`;

  return (
    <AuthLayout>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('reset.title')}</h1>
          <p className="mt-2 text-ink-300">{token ? t('reset.subtitleLink') : t('reset.subtitleCode')}</p>
          {emailFromLink && (
            <p className="mt-1 text-sm text-ink-400">
              {t('reset.account')}{' '}
              <EmailAddress email={emailFromLink} className="font-semibold text-ink-100" />
            </p>
          )}
        </header>

        {justSent && !token && <FormNotice tone="info">{t('reset.sentNotice')}</FormNotice>}
        {failure && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-2xl border border-coral-400/40 bg-coral-400/10 px-4 py-3 text-sm text-coral-200"
          >
            <p>{failure}</p>
            <Link to={newLink} className="font-semibold text-gold-300 underline underline-offset-4">
              {t('reset.askAgain')}
            </Link>
          </div>
        )}

        {!emailFromLink && (
          <EmailField id={emailId} value={email} error={emailError} onChange={edit('email', setEmail)} />
        )}

        {!token && (
          <div className="flex flex-col gap-2" data-otp-invalid={codeError ? '' : undefined}>
            <p id={codeLabelId} className="text-sm font-medium text-ink-200">
              {t('reset.codeLabel')}
            </p>
            <OtpInput
              value={code}
              onChange={edit('code', setCode)}
              labelledBy={codeLabelId}
              errorId={codeError ? codeErrorId : undefined}
              invalid={Boolean(codeError)}
              disabled={reset.isPending}
              autoFocus={Boolean(emailFromLink)}
            />
            {codeError && <FieldError id={codeErrorId}>{codeError}</FieldError>}
          </div>
        )}

        <PasswordField
          id={passwordId}
          label={t('reset.newPassword')}
          name="new-password"
          autoComplete="new-password"
          hint={t('form.passwordHint')}
          value={password}
          error={passwordError}
          onChange={edit('password', setPassword)}
        />
        <PasswordField
          id={confirmId}
          label={t('form.confirmPassword')}
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          error={confirmError}
          onChange={edit('confirmPassword', setConfirmPassword)}
        />

        <SubmitButton busy={reset.isPending} label={t('reset.submit')} busyLabel={t('reset.submitting')} />

        {!token && (
          <ResendCode
            secondsLeft={secondsLeft}
            resending={resend.isPending}
            label={t('verify.resend')}
            onResend={askAgain}
          />
        )}
        <Link
          to="/login"
          className="self-center text-sm font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('forgot.backToLogin')}
        </Link>
      </form>
    </AuthLayout>
  );
}
