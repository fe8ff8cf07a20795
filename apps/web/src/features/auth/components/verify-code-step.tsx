import { OTP_LENGTH } from '@ovation/shared/constants';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowStartIcon, MailIcon } from '../../../components/ui/icons';
import { errorDetailNumber } from '../../../lib/api-error-message';
import { usePublicAction } from '../../../lib/use-action';
import { resendOtp, type SignInAnswer, verifyEmail } from '../api/auth-api';
import { useCountdown } from '../lib/use-countdown';
import { EmailAddress } from './email-address';
import { OtpInput } from './otp-input';
import { ResendCode } from './resend-code';
import { SubmitButton } from './submit-button';

export interface VerifyNotice {
  tone: 'info' | 'warning';
  text: string;
}

interface VerifyCodeStepProps {
  /** 'login': the OTP step of the login page; 'register': the e-mail verification screen. */
  mode: 'login' | 'register';
  email: string;
  /** Seconds before Resend is offered: 60 after a code was just sent, 0 when sending failed. */
  initialCooldown: number;
  notice: VerifyNotice | null;
  /** A session, or for an account with a second factor the challenge its code goes with. */
  onVerified: (result: SignInAnswer) => void;
  onBack: () => void;
}

/**
 * The 6-digit code entry shared by the login OTP step and the registration's verification screen: boxes,
 * Verify, Resend with a 60-second countdown, and a way back (the public spec).
 */
export function VerifyCodeStep({
  mode,
  email,
  initialCooldown,
  notice,
  onVerified,
  onBack,
}: VerifyCodeStepProps) {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const headingId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { secondsLeft, restart } = useCountdown(initialCooldown);
  const complete = code.length === OTP_LENGTH;
  const isLogin = mode === 'login';

  const verify = usePublicAction({
    action: verifyEmail,
    success: false,
    failure: isLogin ? tShell('errors.INVALID_OTP') : t('verify.failed'),
    toastOnError: false,
    onSuccess: onVerified,
    onError: (_, message) => setError(message),
  });

  const resend = usePublicAction({
    action: resendOtp,
    success: t('verify.codeSent'),
    failure: t(isLogin ? 'verify.resendFailedLogin' : 'verify.resendFailed'),
    // The mail server being down reads better as "Failed to resend code" than as a generic outage.
    preferFallback: ['SERVICE_UNAVAILABLE'],
    onSuccess: (result) => {
      restart(result.retryAfterSeconds);
      setCode('');
    },
    onError: (failure) => {
      const wait = errorDetailNumber(failure, 'retryAfterSeconds');
      if (wait !== null) restart(wait);
    },
  });
  const verifying = verify.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (verifying) return;
    if (!complete) {
      setError(tShell(isLogin ? 'validation.otpInvalid' : 'validation.otpIncomplete'));
      return;
    }
    setError(null);
    verify.mutate({ email, otp: code });
  };

  const askAgain = () => {
    setError(null);
    resend.mutate(email);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-gold-400/12 text-gold-300 ring-1 ring-gold-400/25">
          <MailIcon className="size-7" />
        </span>
        <div>
          <h1 id={headingId} className="text-2xl font-bold tracking-tight text-ink-50 sm:text-3xl">
            {t(isLogin ? 'verify.loginTitle' : 'verify.title')}
          </h1>
          <p className="mt-2 text-ink-300">
            {t('verify.sentTo')} <EmailAddress email={email} className="font-semibold text-ink-100" />
          </p>
        </div>
      </div>

      {notice && (
        <p
          role={notice.tone === 'warning' ? 'alert' : 'status'}
          className={`rounded-2xl border px-4 py-3 text-sm ${
            notice.tone === 'warning'
              ? 'border-coral-400/40 bg-coral-400/10 text-coral-200'
              : 'border-jade-400/30 bg-jade-400/10 text-jade-200'
          }`}
        >
          {notice.text}
        </p>
      )}

      <div className="flex flex-col gap-2">
        <OtpInput
          value={code}
          onChange={(next) => {
            setCode(next);
            if (error) setError(null);
          }}
          labelledBy={headingId}
          errorId={error ? errorId : undefined}
          invalid={Boolean(error)}
          disabled={verifying}
          autoFocus
        />
        <p className="text-center text-sm text-ink-400">{t('verify.hint', { length: OTP_LENGTH })}</p>
        {error && (
          <p id={errorId} role="alert" className="text-center text-sm font-medium text-coral-300">
            {error}
          </p>
        )}
      </div>

      <SubmitButton
        busy={verifying}
        disabled={!isLogin && !complete}
        label={t(isLogin ? 'verify.submitLogin' : 'verify.submit')}
        busyLabel={t('verify.verifying')}
      />

      <ResendCode
        secondsLeft={secondsLeft}
        resending={resend.isPending}
        label={t(isLogin ? 'verify.resendLogin' : 'verify.resend')}
        onResend={askAgain}
      />

      <button type="button" onClick={onBack} className={buttonClass('ghost', 'md', 'self-center')}>
        <ArrowStartIcon className="size-4" />
        {t(isLogin ? 'verify.backToLogin' : 'verify.backToRegistration')}
      </button>
    </form>
  );
}
