import { useTranslation } from 'react-i18next';
import { InlineSpinner } from '../../../components/ui/spinner';
import { formatWait } from '../lib/use-countdown';

interface ResendCodeProps {
  /** Seconds until a new code may be asked for; the button counts them down. */
  secondsLeft: number;
  resending: boolean;
  /** The button's words once it may be pressed. */
  label: string;
  onResend: () => void;
}

/** "Didn't get a code?" and the Resend button with its countdown, under a code entry. */
export function ResendCode({ secondsLeft, resending, label, onResend }: ResendCodeProps) {
  const { t } = useTranslation('auth');
  return (
    <div className="flex flex-col items-center gap-1 text-sm text-ink-300">
      <span>{t('verify.noCode')}</span>
      <button
        type="button"
        onClick={onResend}
        disabled={secondsLeft > 0 || resending}
        className="min-h-11 rounded-full px-4 font-semibold text-gold-300 underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:text-ink-500 disabled:no-underline"
      >
        {resending && <InlineSpinner className="me-2 size-3.5 align-[-2px]" />}
        {secondsLeft > 0 ? t('verify.resendIn', { time: formatWait(secondsLeft) }) : label}
      </button>
    </div>
  );
}
