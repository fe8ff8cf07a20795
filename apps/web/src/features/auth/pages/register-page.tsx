import { OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared/constants';
import { registerBodySchema, type User } from '@ovation/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { PageSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { countriesQuery } from '../../../domain/places/api/countries';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FieldErrors, serverFieldErrors, validateWith } from '../../../lib/validate';
import { publicSettingsQuery, register } from '../api/auth-api';
import { AuthLayout, FormNotice } from '../components/auth-layout';
import { type RegisterField, RegisterForm, type RegisterValues } from '../components/register-form';
import { VerifyCodeStep, type VerifyNotice } from '../components/verify-code-step';
import { landingAfterRegistration, signIn } from '../lib/sign-in';

const EMPTY: RegisterValues = {
  name: '',
  email: '',
  phoneNumber: '',
  country: '',
  state: '',
  password: '',
  confirmPassword: '',
  role: 'fan',
};

/** Refusals of the CAPTCHA: shown under the CAPTCHA rather than above the form. */
const CAPTCHA_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_FAILED'] as const;

/** Moves the focus to the first field marked invalid, once React has rendered the errors. */
function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus());
}

interface VerifyStep {
  email: string;
  notice: VerifyNotice;
  cooldown: number;
}

/** /register: the sign-up form, then the e-mail verification screen (the public spec). */
export default function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const [signedInOnArrival] = useState(() => getSession().isAuthenticated);
  const settings = useQuery(publicSettingsQuery);
  const countries = useQuery(countriesQuery);
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaAttempt, setCaptchaAttempt] = useState(0);
  const [verifyStep, setVerifyStep] = useState<VerifyStep | null>(null);
  useDocumentTitle(tShell('meta.pageTitle', { page: t('register.title') }));

  const finish = (result: { token: string; user: User }, toastKey: 'register.success' | 'verify.success') => {
    signIn(result.token, result.user);
    showToast(t(toastKey), 'success');
    navigate(landingAfterRegistration(result.user), { replace: true });
  };

  const registration = usePublicAction({
    action: register,
    success: false,
    failure: t('register.failed'),
    toastOnError: false,
    onSuccess: (result) => {
      if (result.token) {
        finish({ token: result.token, user: result.user }, 'register.success');
        return;
      }
      if (!result.requiresVerification) {
        // Verification is off and no session came back: the address already had an account, whose owner
        // was mailed (the server answers so as not to say it). Signing in is the way on.
        showToast(t('register.checkEmail'), 'info');
        navigate('/login', { replace: true, state: { email: result.user.email } });
        return;
      }
      showToast(t('register.success'), 'success');
      setVerifyStep({
        email: result.user.email,
        cooldown: result.verificationSent ? OTP_RESEND_COOLDOWN_SECONDS : 0,
        notice: result.verificationSent
          ? { tone: 'info', text: t('verify.codeSent') }
          : { tone: 'warning', text: t('register.mailFailed') },
      });
    },
    onError: (error, message) => {
      // The server checked (and spent) the CAPTCHA token: a fresh one is needed for another try.
      setCaptchaToken(null);
      setCaptchaAttempt((count) => count + 1);
      const known = new Set<string>(['name', 'email', 'phoneNumber', 'country', 'state', 'password']);
      const mapped: FieldErrors<RegisterField> = {};
      for (const { field, key } of serverFieldErrors(error)) {
        if (known.has(field)) mapped[field as RegisterField] ??= key;
      }
      const captcha = CAPTCHA_CODES.find((code) => error instanceof ApiError && error.code === code);
      if (captcha) mapped.captcha = `errors.${captcha}`;
      setErrors(mapped);
      focusFirstInvalid();
      if (Object.keys(mapped).length === 0) setFormError(message);
    },
  });

  if (signedInOnArrival) return <Navigate to="/" replace />;
  if (settings.isPending) return <PageSpinner />;

  // The public spec: a failed settings call means "no CAPTCHA required".
  const security = settings.data?.securitySettings;
  const requireCaptcha = security?.requireCaptcha ?? false;
  if (settings.data && !settings.data.generalSettings.allowRegistration) {
    return (
      <AuthLayout>
        <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('register.closedTitle')}</h1>
        <div className="mt-5">
          <FormNotice tone="info">{tShell('errors.REGISTRATION_CLOSED')}</FormNotice>
        </div>
        <Link to="/login" className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
          {t('register.loginLink')}
        </Link>
      </AuthLayout>
    );
  }

  const change = <Field extends keyof RegisterValues>(field: Field, value: RegisterValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // The public spec: errors clear when the field is edited.
    setErrors((current) => {
      if (!current[field as RegisterField]) return current;
      const { [field as RegisterField]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const validate = (): FieldErrors<RegisterField> | null => {
    const checked = validateWith<typeof registerBodySchema, RegisterField>(registerBodySchema, values);
    const found: FieldErrors<RegisterField> = checked.ok ? {} : { ...checked.errors };
    const country = countries.data?.find((entry) => entry.name === values.country);
    if (!found.state && country && country.states.length > 0 && !values.state)
      found.state = 'validation.stateRequired';
    if (!values.confirmPassword) found.confirmPassword = 'validation.confirmPasswordRequired';
    else if (values.confirmPassword !== values.password)
      found.confirmPassword = 'validation.passwordsDoNotMatch';
    if (requireCaptcha && !captchaToken) found.captcha = 'validation.captchaRequired';
    return Object.keys(found).length ? found : null;
  };

  const submit = () => {
    if (registration.isPending) return;
    setFormError(null);
    const found = validate();
    if (found) {
      setErrors(found);
      focusFirstInvalid();
      return;
    }
    registration.mutate({
      name: values.name,
      email: values.email,
      phoneNumber: values.phoneNumber,
      country: values.country,
      state: values.state,
      password: values.password,
      role: values.role,
      captchaToken: captchaToken ?? undefined,
      language: i18n.resolvedLanguage ?? i18n.language,
    });
  };

  if (verifyStep) {
    return (
      <AuthLayout>
        <VerifyCodeStep
          mode="register"
          email={verifyStep.email}
          initialCooldown={verifyStep.cooldown}
          notice={verifyStep.notice}
          onVerified={(result) => {
            if ('token' in result) finish(result, 'verify.success');
            // An account with a second factor (an admin registering again): verified, and signs in as usual.
            else
              navigate('/login', {
                replace: true,
                state: { email: verifyStep.email, notice: 'emailVerified' },
              });
          }}
          onBack={() => {
            setVerifyStep(null);
            setCaptchaToken(null);
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout wide>
      <RegisterForm
        values={values}
        errors={errors}
        formError={formError}
        submitting={registration.isPending}
        captcha={
          requireCaptcha && security
            ? {
                key: captchaAttempt,
                provider: security.captchaProvider,
                siteKey: security.recaptchaSiteKey,
                onToken: (token) => {
                  setCaptchaToken(token);
                  if (token) setErrors(({ captcha: _cleared, ...rest }) => rest);
                },
              }
            : null
        }
        onChange={change}
        onSubmit={submit}
      />
    </AuthLayout>
  );
}
