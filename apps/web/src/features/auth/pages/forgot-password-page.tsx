import { forgotPasswordBodySchema } from '@ovation/shared/schemas/auth';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowStartIcon } from '../../../components/ui/icons';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FieldErrors, validateWith } from '../../../lib/validate';
import { forgotPassword } from '../api/auth-api';
import { AuthLayout } from '../components/auth-layout';
import { EmailField } from '../components/email-field';
import { SubmitButton } from '../components/submit-button';

/**
 * /forgot-password: the fan gives their e-mail and is sent a 6-digit code and a single-use link. The
 * answer is the same whether or not the address has an account, so the next screen says "if".
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});
  const emailId = useId();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('forgot.title') }));

  const request = usePublicAction({
    action: forgotPassword,
    success: false,
    failure: t('forgot.failed'),
    onSuccess: (_, sentTo) =>
      navigate(`/reset-password?${new URLSearchParams({ email: sentTo })}`, { state: { sent: true } }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const checked = validateWith<typeof forgotPasswordBodySchema, 'email'>(forgotPasswordBodySchema, {
      email,
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(emailId)?.focus();
      return;
    }
    request.mutate(checked.data.email);
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    if (errors.email) setErrors({});
  };

  const emailError = errors.email ? tShell(errors.email) : null;
  return (
    <AuthLayout>
      <div className="flex flex-col gap-7">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('forgot.title')}</h1>
          <p className="mt-2 text-ink-300">{t('forgot.subtitle')}</p>
        </header>
        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <EmailField id={emailId} value={email} error={emailError} onChange={changeEmail} />
          <SubmitButton
            busy={request.isPending}
            label={t('forgot.submit')}
            busyLabel={t('forgot.submitting')}
          />
        </form>
        <Link to="/login" className={buttonClass('ghost', 'md', 'self-center')}>
          <ArrowStartIcon className="size-4" />
          {t('forgot.backToLogin')}
        </Link>
      </div>
    </AuthLayout>
  );
}
