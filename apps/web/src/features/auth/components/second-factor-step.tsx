import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { FormNotice } from './auth-layout';
import { SubmitButton } from './submit-button';

interface SecondFactorStepProps {
  /** Said above the code, already translated (the e-mail just verified). */
  notice?: string | null;
  busy: boolean;
  /** The refusal of the last code, already translated. */
  error: string | null;
  onSubmit: (code: string) => void;
  onBack: () => void;
}

/**
 * The second step of an admin's sign-in: the 6-digit code from the authenticator app, or one of the
 * recovery codes when the phone is not at hand.
 */
export function SecondFactorStep({ notice, busy, error, onSubmit, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation('auth');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const inputId = useId();
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed || busy) return;
    onSubmit(typed);
  };

  return (
    <div className="flex flex-col gap-7">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('login.secondFactor.title')}</h1>
        <p className="mt-2 text-ink-300">
          {recovery ? t('login.secondFactor.recoveryIntro') : t('login.secondFactor.appIntro')}
        </p>
      </header>
      {notice && <FormNotice tone="info">{notice}</FormNotice>}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-semibold text-ink-100">
            {recovery ? t('login.secondFactor.recoveryLabel') : t('login.secondFactor.appLabel')}
          </label>
          <input
            // A new element for each kind of code, so the browser's one-time-code autofill stays right.
            key={recovery ? 'recovery' : 'app'}
            id={inputId}
            name={recovery ? 'recovery-code' : 'one-time-code'}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete={recovery ? 'off' : 'one-time-code'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={recovery ? 20 : 6}
            dir="ltr"
            // biome-ignore lint/a11y/noAutofocus: the code is the one thing this step asks for.
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${inputClass(Boolean(error))} text-center font-mono text-xl tracking-[0.3em]`}
          />
        </div>
        {error && (
          <div id={errorId}>
            <FormNotice tone="error">{error}</FormNotice>
          </div>
        )}
        <SubmitButton
          busy={busy}
          disabled={code.trim().length === 0}
          label={t('login.secondFactor.submit')}
          busyLabel={t('login.secondFactor.submitting')}
        />
      </form>
      <div className="flex flex-col items-center gap-3 text-sm">
        <button
          type="button"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
          }}
          className="min-h-11 font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {recovery ? t('login.secondFactor.useApp') : t('login.secondFactor.useRecovery')}
        </button>
        <button
          type="button"
          onClick={onBack}
          className="min-h-11 font-semibold text-ink-300 underline-offset-4 hover:underline"
        >
          {t('login.secondFactor.back')}
        </button>
      </div>
    </div>
  );
}
