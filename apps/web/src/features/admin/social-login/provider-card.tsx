import type { SocialProvider } from '@ovation/shared/schemas/social-login';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { Switch } from '../../../components/form/switch';
import { AlertIcon, EyeIcon, EyeOffIcon, FacebookIcon, GoogleIcon } from '../../../components/ui/icons';
import { isolate } from '../../../lib/bidi';
import { formHasCredentials, type ProviderForm, type ProviderState } from './api';

/** The providers' own names: brand names, the same in every language. */
const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/** OAuth ids are at most 256 characters, secrets 512 (packages/shared/src/schemas/social-login.ts). */
const MAX_ID_LENGTH = 256;
const MAX_SECRET_LENGTH = 512;

/** The saved state at a glance: on the login page, off, or on but not shown (and why). */
const BADGE = {
  live: 'border-jade-400/40 bg-jade-400/10 text-jade-300',
  off: 'border-white/15 bg-white/[0.05] text-ink-300',
  noCredentials: 'border-coral-400/40 bg-coral-500/10 text-coral-300',
  platformOff: 'border-gold-400/40 bg-gold-400/10 text-gold-200',
} as const;

export interface ProviderCardProps {
  provider: SocialProvider;
  /** What the server has saved. */
  state: ProviderState;
  form: ProviderForm;
  onChange: (form: ProviderForm) => void;
  /** Social sign-in is allowed on the platform (Platform settings › General). */
  platformAllows: boolean;
  disabled: boolean;
  /** The server's refusal of the secret (a custom id saved without one), already translated. */
  secretError?: string | null;
}

/**
 * One provider (the admin spec's "Social login settings"): Enable, the environment's credentials (the id masked to
 * its last 4 characters) or custom ones (the secret with show/hide, never filled in: the server keeps it
 * and says only that one is saved), and a warning while the chosen credentials are incomplete.
 */
export function ProviderCard({
  provider,
  state,
  form,
  onChange,
  platformAllows,
  disabled,
  secretError,
}: ProviderCardProps) {
  const { t } = useTranslation('admin-social-login');
  const id = useId();
  const [secretVisible, setSecretVisible] = useState(false);
  const name = PROVIDER_NAMES[provider];
  const labels =
    provider === 'google'
      ? { id: t('google.clientId'), secret: t('google.clientSecret') }
      : { id: t('facebook.appId'), secret: t('facebook.appSecret') };
  const Icon = provider === 'google' ? GoogleIcon : FacebookIcon;
  const status = !state.enabled
    ? 'off'
    : !state.hasCredentials
      ? 'noCredentials'
      : platformAllows
        ? 'live'
        : 'platformOff';
  const complete = formHasCredentials(form, state);
  const change = (patch: Partial<ProviderForm>) => onChange({ ...form, ...patch });

  return (
    <article
      aria-labelledby={`${id}-name`}
      data-testid={`provider-${provider}`}
      className="flex min-w-0 flex-col gap-4 rounded-3xl border border-white/10 bg-ink-900/60 p-5 sm:p-6"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-name`} className="flex items-center gap-3 text-xl font-bold text-ink-50">
          <span className="grid size-11 place-items-center rounded-2xl bg-white/[0.06] ring-1 ring-white/10">
            <Icon className={provider === 'google' ? 'size-6' : 'size-6 text-[#4d8ff9]'} />
          </span>
          {name}
        </h2>
        <span className={`rounded-full border px-3 py-1 text-xs font-semibold ${BADGE[status]}`}>
          {t(`status.${status}`)}
        </span>
      </header>

      <Switch
        checked={form.enabled}
        onChange={(enabled) => change({ enabled })}
        label={t('enable', { provider: name })}
        description={t('enableHint', { provider: name })}
        disabled={disabled}
        className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
      />

      <div className="rounded-2xl border border-white/10 bg-white/[0.03] p-4">
        <label className="flex min-h-11 cursor-pointer items-center gap-3 font-semibold text-ink-50">
          <input
            type="checkbox"
            checked={form.useEnvCredentials}
            onChange={(event) => change({ useEnvCredentials: event.target.checked })}
            disabled={disabled}
            aria-describedby={`${id}-env`}
            className="size-5 shrink-0 accent-gold-400"
          />
          {t('useEnv')}
        </label>
        <p id={`${id}-env`} className="mt-1 text-sm text-ink-400">
          {state.hasEnvCredentials
            ? t('envId', { idLabel: labels.id, masked: isolate(state.envIdMasked) })
            : t('envMissing', { provider: name })}
        </p>
      </div>

      {!form.useEnvCredentials && (
        <div className="flex flex-col gap-4">
          <FormField id={`${id}-custom-id`} label={labels.id}>
            {(control) => (
              <input
                {...control}
                type="text"
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                maxLength={MAX_ID_LENGTH}
                value={form.customId}
                onChange={(event) => change({ customId: event.target.value })}
                disabled={disabled}
                className={inputClass(false, 'rtl:text-end')}
              />
            )}
          </FormField>
          <FormField
            id={`${id}-custom-secret`}
            label={labels.secret}
            hint={state.hasCustomSecret ? t('secretSaved') : t('secretHint', { provider: name })}
            error={secretError}
          >
            {(control) => (
              <div className="relative">
                <input
                  {...control}
                  type={secretVisible ? 'text' : 'password'}
                  dir="ltr"
                  // Never the admin's own password: no password manager fills this in.
                  autoComplete="new-password"
                  spellCheck={false}
                  maxLength={MAX_SECRET_LENGTH}
                  value={form.customSecret}
                  placeholder={state.hasCustomSecret ? '••••••••' : undefined}
                  onChange={(event) => change({ customSecret: event.target.value })}
                  disabled={disabled}
                  className={inputClass(Boolean(secretError), 'pe-12 rtl:text-end')}
                />
                <button
                  type="button"
                  onClick={() => setSecretVisible((visible) => !visible)}
                  aria-pressed={secretVisible}
                  aria-controls={control.id}
                  className="absolute inset-y-0 end-0.5 my-auto grid size-11 place-items-center rounded-lg text-ink-400 transition-colors hover:text-ink-100"
                >
                  {secretVisible ? <EyeOffIcon /> : <EyeIcon />}
                  <span className="sr-only">{secretVisible ? t('hideSecret') : t('showSecret')}</span>
                </button>
              </div>
            )}
          </FormField>
        </div>
      )}

      {!complete && (
        <p className="flex items-start gap-2 rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-gold-100">
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-gold-300" />
          {t('noCredentials', { provider: name })}
        </p>
      )}
    </article>
  );
}
