import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { buttonClass } from '../../../components/ui/button-styles';
import { InlineSpinner } from '../../../components/ui/spinner';
import { usePublicAction } from '../../../lib/use-action';
import { confirmSecondFactor, qrCodeDataUrl, startSecondFactorSetup } from '../api/second-factor-api';

interface Pending {
  secret: string;
  qrCode: string;
}

/** The secret as an app's manual entry shows it: groups of four, easier to copy by eye. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Setting up an authenticator app: a secret made on the server, shown as a QR code and as text, then the
 * first code from the app turns it on (answering the recovery codes, passed to `onEnabled`).
 */
export function SecondFactorSetup({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const { t } = useTranslation('profile');
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  const errorId = useId();

  const start = usePublicAction({
    action: async () => {
      const setup = await startSecondFactorSetup();
      return { secret: setup.secret, qrCode: await qrCodeDataUrl(setup.otpauthUri) };
    },
    success: false,
    failure: t('security.startFailed'),
    onSuccess: (result) => {
      setPending(result);
      setCode('');
      setError(null);
    },
  });

  const confirm = usePublicAction({
    action: confirmSecondFactor,
    success: false,
    failure: t('security.confirmFailed'),
    toastOnError: false,
    onSuccess: onEnabled,
    onError: (_error, message) => setError(message),
  });

  if (!pending) {
    return (
      <button
        type="button"
        onClick={() => start.mutate()}
        disabled={start.isPending}
        className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
      >
        {start.isPending && <InlineSpinner />}
        {t('security.start')}
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending || code.trim().length === 0) return;
    setError(null);
    confirm.mutate(code.trim());
  };

  return (
    <div className="flex flex-col gap-6">
      <ol className="flex flex-col gap-6">
        <li className="flex flex-col gap-3">
          <p className="font-semibold text-ink-50">{t('security.scanStep')}</p>
          <img
            src={pending.qrCode}
            alt={t('security.qrAlt')}
            width={208}
            height={208}
            className="size-52 rounded-2xl bg-white p-2"
          />
        </li>
        <li className="flex flex-col gap-2">
          <p className="font-semibold text-ink-50">{t('security.keyStep')}</p>
          <code
            dir="ltr"
            data-testid="second-factor-secret"
            className="self-start rounded-xl border border-white/10 bg-ink-950/60 px-4 py-3 font-mono text-base break-words text-gold-100 select-all"
          >
            {grouped(pending.secret)}
          </code>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="flex flex-col gap-3">
            <label htmlFor={codeId} className="font-semibold text-ink-50">
              {t('security.codeStep')}
            </label>
            <input
              id={codeId}
              name="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              dir="ltr"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClass(
                Boolean(error),
                'max-w-48 text-center font-mono text-xl tracking-[0.3em]',
              )}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm text-coral-300">
                {error}
              </p>
            )}
            <button
              type="submit"
              disabled={confirm.isPending || code.trim().length === 0}
              className={buttonClass('primary', 'lg', 'w-full sm:w-auto sm:self-start')}
            >
              {confirm.isPending && <InlineSpinner />}
              {t('security.turnOn')}
            </button>
          </form>
        </li>
      </ol>
    </div>
  );
}
