import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inputClass } from '../../../components/form/control-styles';
import { buttonClass } from '../../../components/ui/button-styles';
import { ShieldIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { secondFactorStatusQuery } from '../../../lib/second-factor';
import { usePublicAction } from '../../../lib/use-action';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { disableSecondFactor } from '../api/second-factor-api';
import { RecoveryCodes } from '../components/recovery-codes';
import { SecondFactorSetup } from '../components/second-factor-setup';

/** Turning the second factor off: a current code from the app, or the account's password. */
function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation('profile');
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const disable = usePublicAction({
    action: disableSecondFactor,
    success: t('security.turnedOff'),
    failure: t('security.turnOffFailed'),
    toastOnError: false,
    onSuccess: onDisabled,
    onError: (_error, message) => setError(message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disable.isPending || !value) return;
    setError(null);
    disable.mutate(withPassword ? { password: value } : { code: value.trim() });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t border-white/10 pt-5">
      <h2 className="text-base font-bold text-ink-50">{t('security.turnOffTitle')}</h2>
      <label htmlFor={inputId} className="text-sm text-ink-300">
        {withPassword ? t('security.turnOffWithPassword') : t('security.turnOffWithCode')}
      </label>
      <input
        key={withPassword ? 'password' : 'code'}
        id={inputId}
        type={withPassword ? 'password' : 'text'}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoComplete={withPassword ? 'current-password' : 'one-time-code'}
        inputMode={withPassword ? 'text' : 'numeric'}
        dir="ltr"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass(Boolean(error), 'max-w-sm')}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-coral-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={disable.isPending || !value} className={buttonClass('danger', 'md')}>
          {disable.isPending && <InlineSpinner />}
          {t('security.turnOff')}
        </button>
        <button
          type="button"
          onClick={() => {
            setWithPassword(!withPassword);
            setValue('');
            setError(null);
          }}
          className="min-h-11 text-sm font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {withPassword ? t('security.useCodeInstead') : t('security.usePasswordInstead')}
        </button>
      </div>
    </form>
  );
}

/** /profile/security (admins): two-step sign-in with an authenticator app, its recovery codes, turning it off. */
export default function SecurityPage() {
  const { t, i18n } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(secondFactorStatusQuery);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  useDocumentTitle(tShell('meta.pageTitle', { page: t('security.title') }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery.queryKey });

  const body = () => {
    if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
    if (status.isPending) return <PageSpinner />;
    if (status.isError)
      return <LoadFailed message={t('security.loadFailed')} onRetry={() => void status.refetch()} />;
    const { enabled, required, confirmedAt, recoveryCodesRemaining } = status.data;
    if (!enabled) {
      return (
        <div className="flex flex-col gap-5">
          {required && (
            <p
              role="alert"
              className="rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-gold-100"
            >
              {t('security.requiredNotice')}
            </p>
          )}
          <p className="text-ink-300">{t('security.offIntro')}</p>
          <SecondFactorSetup
            onEnabled={(codes) => {
              setRecoveryCodes(codes);
              void refresh();
            }}
          />
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-5">
        <p className="flex items-center gap-2 font-semibold text-jade-300" data-testid="second-factor-on">
          <ShieldIcon className="size-5" />
          {t('security.on')}
        </p>
        <dl className="grid gap-2 text-sm text-ink-300">
          {confirmedAt && (
            <div className="flex flex-wrap gap-x-2">
              <dt>{t('security.since')}</dt>
              <dd className="text-ink-100">
                {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(confirmedAt))}
              </dd>
            </div>
          )}
          <div className="flex flex-wrap gap-x-2">
            <dt>{t('security.codesLeftLabel')}</dt>
            <dd className="text-ink-100">{t('security.codesLeft', { count: recoveryCodesRemaining })}</dd>
          </div>
        </dl>
        <Link to="/admin" className={buttonClass('secondary', 'md', 'self-start')}>
          {t('security.toAdmin')}
        </Link>
        <DisableForm onDisabled={() => void refresh()} />
      </div>
    );
  };

  return (
    <div className="glow-backdrop">
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
        <Link
          to="/profile"
          className="self-start text-sm font-semibold text-gold-300 underline-offset-4 hover:underline"
        >
          {t('security.backToProfile')}
        </Link>
        <header>
          <h1 className="text-3xl font-bold tracking-tight text-ink-50">{t('security.title')}</h1>
          <p className="mt-2 text-ink-300">{t('security.description')}</p>
        </header>
        <section className="rounded-3xl border border-white/10 bg-ink-900/70 p-5 sm:p-6">{body()}</section>
      </div>
    </div>
  );
}
