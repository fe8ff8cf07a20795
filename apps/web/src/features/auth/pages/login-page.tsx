import { MIN_PASSWORD_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@ovation/shared/constants';
import { loginBodySchema, loginFailureSchema, type User } from '@ovation/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { showToast, TOAST_DURATION_MS } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useRegistrationOpen } from '../../../lib/public-settings';
import {
  mustSetUpSecondFactor,
  SECOND_FACTOR_PATH,
  secondFactorStatusQuery,
} from '../../../lib/second-factor';
import { getSession } from '../../../lib/session';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { type FieldErrors, validateWith } from '../../../lib/validate';
import { login, loginWithSecondFactor } from '../api/auth-api';
import { AuthLayout, FormNotice } from '../components/auth-layout';
import { EmailField } from '../components/email-field';
import { PasswordField } from '../components/password-field';
import { SecondFactorStep } from '../components/second-factor-step';
import { SocialLoginButtons } from '../components/social-login-buttons';
import { SubmitButton } from '../components/submit-button';
import { VerifyCodeStep, type VerifyNotice } from '../components/verify-code-step';
import { signIn, takeRedirectAfterLogin } from '../lib/sign-in';

type LoginField = 'email' | 'password';

interface OtpStep {
  email: string;
  notice: VerifyNotice;
  cooldown: number;
}

/** What a failed sign-in's body adds to its code (tries left, the unverified account's code state). */
function failureDetails(error: unknown) {
  if (!(error instanceof ApiError)) return {};
  const parsed = loginFailureSchema.safeParse(error.body ?? {});
  return parsed.success ? parsed.data : {};
}

/** The 401 of an unverified account: its code, or the flag the body carries. Never its words. */
function readUnverified(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return null;
  const details = failureDetails(error);
  const unverified = details.emailNotVerified === true || error.code === 'EMAIL_NOT_VERIFIED';
  if (!unverified) return null;
  return {
    email: details.email ?? '',
    verificationSent: details.verificationSent === true,
    codeStillValid: details.codeStillValid === true,
    retryAfterSeconds: details.retryAfterSeconds,
  };
}

/** A refused social sign-in the page names (auth-callback-page passes `reason`), as the API's own messages. */
const SOCIAL_REASONS = {
  registration_closed: 'errors.REGISTRATION_CLOSED',
  device_in_use: 'errors.DEVICE_IN_USE',
  device_id_required: 'errors.DEVICE_ID_REQUIRED',
} as const;

function socialReasonKey(reason: string | null) {
  return reason && Object.hasOwn(SOCIAL_REASONS, reason)
    ? SOCIAL_REASONS[reason as keyof typeof SOCIAL_REASONS]
    : null;
}

/**
 * The code step of an admin with a second factor: after the password (with the challenge it answered), or
 * while the account's sign-in is locked (the code then goes with the password, which passes the lock).
 */
type SecondStep = { kind: 'challenge'; challengeToken: string; emailVerified?: boolean } | { kind: 'locked' };

/** What the login page says above the form after a failure: few tries left, or locked for now. */
type SignInWarning = { kind: 'fewTries'; remaining: number } | { kind: 'locked' };

/**
 * Where a page came from: the reset page hands over the e-mail and says the password changed; the
 * registration's code screen, that the e-mail of an account with a second factor is verified.
 */
interface LoginArrival {
  email?: string;
  notice?: 'passwordReset' | 'emailVerified';
}

/** /login: e-mail and password, social sign-in, and the OTP step for an unverified e-mail. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [arrival] = useState(() => (location.state ?? {}) as LoginArrival);
  const [signedInOnArrival] = useState(() => getSession().isAuthenticated);
  const registrationOpen = useRegistrationOpen();
  const [email, setEmail] = useState(arrival.email ?? '');
  const [warning, setWarning] = useState<SignInWarning | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [otpStep, setOtpStep] = useState<OtpStep | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const emailId = useId();
  const passwordId = useId();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('login.title') }));

  const finish = async (result: { token: string; user: User; accountRestored?: boolean }) => {
    signIn(result.token, result.user);
    showToast(result.accountRestored ? tShell('success.accountRestored') : t('login.success'), 'success');
    const redirect = takeRedirectAfterLogin('/');
    // An admin the platform requires a second factor of, without one, is led to set it up first.
    if (result.user.role === 'admin') {
      const status = await queryClient.fetchQuery(secondFactorStatusQuery).catch(() => undefined);
      if (mustSetUpSecondFactor(status)) {
        navigate(SECOND_FACTOR_PATH, { replace: true });
        return;
      }
    }
    navigate(redirect, { replace: true });
  };

  const codeCall = usePublicAction({
    action: (code: string) =>
      secondStep?.kind === 'challenge'
        ? loginWithSecondFactor({ challengeToken: secondStep.challengeToken, code })
        : login({ email, password, secondFactorCode: code }),
    success: false,
    failure: t('login.failed'),
    toastOnError: false,
    onSuccess: (result) => {
      if ('token' in result) void finish(result);
    },
    onError: (error, message) => {
      if (error instanceof ApiError && error.code === 'SECOND_FACTOR_CHALLENGE_EXPIRED') {
        // The challenge ran out: the password again, with the reason said above the form.
        setSecondStep(null);
        setPassword('');
        showToast(message, 'error', TOAST_DURATION_MS);
        return;
      }
      setCodeError(
        secondStep?.kind === 'locked' && error instanceof ApiError && error.code === 'TOO_MANY_LOGIN_ATTEMPTS'
          ? t('login.secondFactor.lockedRefused')
          : message,
      );
    },
  });

  const signInCall = usePublicAction({
    action: login,
    success: false,
    failure: t('login.failed'),
    toastOnError: false,
    onSuccess: (result) => {
      if ('secondFactorRequired' in result) {
        setCodeError(null);
        setSecondStep({ kind: 'challenge', challengeToken: result.challengeToken });
      } else void finish(result);
    },
    onError: (error, message, credentials) => {
      const unverified = readUnverified(error);
      if (unverified) {
        setOtpStep({
          email: unverified.email || credentials.email,
          cooldown:
            unverified.retryAfterSeconds ?? (unverified.verificationSent ? OTP_RESEND_COOLDOWN_SECONDS : 0),
          notice: unverified.verificationSent
            ? { tone: 'info', text: t('verify.codeSent') }
            : unverified.codeStillValid
              ? { tone: 'info', text: t('verify.earlierCodeWorks') }
              : { tone: 'warning', text: t('verify.pleaseVerify') },
        });
      } else if (error instanceof ApiError && error.code === 'TOO_MANY_LOGIN_ATTEMPTS') {
        // Said once, above the form, with the way out: never a pile of identical toasts.
        setWarning({ kind: 'locked' });
      } else {
        const remaining = failureDetails(error).attemptsRemaining;
        if (remaining !== undefined) setWarning({ kind: 'fewTries', remaining });
        // showToast shows a message already on screen only once (the admin actions' toasts do the same).
        showToast(message, 'error', TOAST_DURATION_MS);
      }
    },
  });

  if (signedInOnArrival) return <Navigate to="/" replace />;

  const socialFailed = searchParams.get('error') === 'social_auth_failed';
  const socialReason = socialReasonKey(searchParams.get('reason'));

  const clearError = (field: LoginField) => {
    if (errors[field]) setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signInCall.isPending) return;
    const checked = validateWith<typeof loginBodySchema, LoginField>(loginBodySchema, { email, password });
    const nextErrors: FieldErrors<LoginField> = checked.ok ? {} : checked.errors;
    // The login form also asks for at least 6 characters.
    if (!nextErrors.password && password.length < MIN_PASSWORD_LENGTH)
      nextErrors.password = 'validation.passwordTooShort';
    setErrors(nextErrors);
    if (!checked.ok || Object.keys(nextErrors).length > 0) {
      document.getElementById(nextErrors.email ? emailId : passwordId)?.focus();
      return;
    }
    setWarning(null);
    signInCall.mutate(checked.data);
  };

  if (secondStep) {
    return (
      <AuthLayout>
        <SecondFactorStep
          notice={
            secondStep.kind === 'challenge' && secondStep.emailVerified
              ? t('login.secondFactor.emailVerified')
              : null
          }
          busy={codeCall.isPending}
          error={codeError}
          onSubmit={(code) => {
            setCodeError(null);
            codeCall.mutate(code);
          }}
          onBack={() => {
            setSecondStep(null);
            setCodeError(null);
            setPassword('');
          }}
        />
      </AuthLayout>
    );
  }

  if (otpStep) {
    return (
      <AuthLayout>
        <VerifyCodeStep
          mode="login"
          email={otpStep.email}
          initialCooldown={otpStep.cooldown}
          notice={otpStep.notice}
          onVerified={(result) => {
            if ('token' in result) void finish(result);
            else {
              // An admin with a second factor: the e-mail is verified, their code finishes the sign-in.
              setOtpStep(null);
              setCodeError(null);
              setSecondStep({
                kind: 'challenge',
                challengeToken: result.challengeToken,
                emailVerified: true,
              });
            }
          }}
          onBack={() => {
            setOtpStep(null);
            setPassword('');
          }}
        />
      </AuthLayout>
    );
  }

  const emailError = errors.email ? tShell(errors.email) : null;
  const passwordError = errors.password ? tShell(errors.password) : null;
  const typedEmail = email.trim();
  const forgotLink = `/forgot-password${typedEmail ? `?${new URLSearchParams({ email: typedEmail })}` : ''}`;

  return (
    <AuthLayout>
      <div className="flex flex-col gap-7">
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('login.title')}</h1>
          <p className="mt-2 text-ink-300">{t('login.subtitle')}</p>
        </header>

        {socialFailed && (
          <FormNotice tone="error">
            {socialReason ? tShell(socialReason) : t('login.socialFailed')}
          </FormNotice>
        )}
        {arrival.notice && !warning && (
          <FormNotice tone="info">
            {t(arrival.notice === 'passwordReset' ? 'login.passwordReset' : 'login.emailVerifiedSignIn')}
          </FormNotice>
        )}
        {warning && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-2xl border border-coral-400/40 bg-coral-400/10 px-4 py-3 text-sm text-coral-200"
          >
            <p>
              {warning.kind === 'locked'
                ? tShell('errors.TOO_MANY_LOGIN_ATTEMPTS')
                : warning.remaining === 0
                  ? t('login.noTriesLeft')
                  : t('login.triesLeft', { count: warning.remaining })}
            </p>
            <Link to={forgotLink} className="font-semibold text-gold-300 underline underline-offset-4">
              {t('login.resetInstead')}
            </Link>
            {warning.kind === 'locked' && password && (
              // An admin with a second factor is not kept out by someone hammering their address.
              <button
                type="button"
                onClick={() => {
                  setCodeError(null);
                  setSecondStep({ kind: 'locked' });
                }}
                className="self-start text-start font-semibold text-gold-300 underline underline-offset-4"
              >
                {t('login.secondFactor.lockedWayIn')}
              </button>
            )}
          </div>
        )}

        <form onSubmit={submit} noValidate className="flex flex-col gap-5">
          <EmailField
            id={emailId}
            value={email}
            error={emailError}
            onChange={(value) => {
              setEmail(value);
              setWarning(null);
              clearError('email');
            }}
          />
          <PasswordField
            id={passwordId}
            label={t('form.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            error={passwordError}
            onChange={(value) => {
              setPassword(value);
              clearError('password');
            }}
          />
          <Link
            to={forgotLink}
            className="-mt-3 self-end text-sm font-semibold text-gold-300 underline-offset-4 hover:underline"
          >
            {t('login.forgotPassword')}
          </Link>
          <SubmitButton
            busy={signInCall.isPending}
            label={t('login.submit')}
            busyLabel={t('login.submitting')}
            className="mt-1 w-full"
          />
        </form>

        <SocialLoginButtons />

        {registrationOpen && (
          <p className="text-center text-ink-300">
            {t('login.noAccount')}{' '}
            <Link to="/register" className="font-semibold text-gold-300 underline-offset-4 hover:underline">
              {t('login.registerLink')}
            </Link>
          </p>
        )}
      </div>
    </AuthLayout>
  );
}
