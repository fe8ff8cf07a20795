import type { AdminSocialLoginSettings, SocialProvider } from '@ovation/shared/schemas/social-login';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { type ServerFieldError, serverFieldErrors } from '../../../lib/validate';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { platformSettingsQuery } from '../lib/platform-settings';
import {
  formOf,
  type ProviderForm,
  providerState,
  saveSocialLoginSettings,
  socialLoginAdminQuery,
  updateBody,
} from './api';
import { ProviderCard } from './provider-card';

const PROVIDERS: readonly SocialProvider[] = ['google', 'facebook'];

function formsOf(settings: AdminSocialLoginSettings): Record<SocialProvider, ProviderForm> {
  return {
    google: formOf(providerState(settings, 'google')),
    facebook: formOf(providerState(settings, 'facebook')),
  };
}

/** The two cards and Save Settings; the form starts from the saved settings and again after each save. */
function SocialLoginForm({
  settings,
  platformAllows,
}: {
  settings: AdminSocialLoginSettings;
  platformAllows: boolean;
}) {
  const { t } = useTranslation('admin-social-login');
  const queryClient = useQueryClient();
  const [forms, setForms] = useState(() => formsOf(settings));
  // The server's field errors (a custom id saved without its secret), shown under the field they name.
  const [fieldErrors, setFieldErrors] = useState<ServerFieldError[]>([]);
  const { t: shell } = useTranslation();
  const secretErrorOf = (provider: SocialProvider) => {
    const found = fieldErrors.find((error) => error.field.startsWith(`${provider}.`));
    return found ? shell(found.key as never) : null;
  };
  const save = useAction({
    action: saveSocialLoginSettings,
    success: t('saved'),
    failure: t('saveFailed'),
    // The login page's buttons (this tab's cache) follow at once.
    invalidate: [['social-login-settings']],
    onError: (error) => setFieldErrors(serverFieldErrors(error)),
    onSuccess: (saved) => {
      setFieldErrors([]);
      queryClient.setQueryData(socialLoginAdminQuery.queryKey, saved);
      // Typed secrets are gone from the screen once saved; the server only says one exists.
      setForms(formsOf(saved));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(updateBody(forms));
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        {PROVIDERS.map((provider) => (
          <ProviderCard
            key={provider}
            provider={provider}
            state={providerState(settings, provider)}
            form={forms[provider]}
            onChange={(form) => setForms((current) => ({ ...current, [provider]: form }))}
            platformAllows={platformAllows}
            disabled={save.isPending}
            secretError={secretErrorOf(provider)}
          />
        ))}
      </div>
      <div>
        <button
          type="submit"
          disabled={save.isPending}
          className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
        >
          {save.isPending && <InlineSpinner />}
          {save.isPending ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}

/** /admin/social-login (the admin spec's "Social login settings"): Google and Facebook, saved with Save Settings. */
export default function SocialLoginPage() {
  const { t } = useTranslation('admin-social-login');
  const settings = useQuery(socialLoginAdminQuery);
  const platform = useQuery(platformSettingsQuery);
  if (settings.isError && accessProblem(settings.error)) return <AccessProblem error={settings.error} />;
  const platformAllows = platform.data?.generalSettings.allowSocialLogin ?? true;

  return (
    <section className="max-w-5xl">
      <PageHeader title={t('title')} description={t('description')} back />
      <div className="flex flex-col gap-6">
        {!platformAllows && (
          <p className="flex flex-wrap items-start gap-x-3 gap-y-1 rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-gold-100">
            <AlertIcon className="mt-0.5 size-5 shrink-0 text-gold-300" />
            <span className="min-w-0 flex-1">
              {t('platformOff')}{' '}
              <Link to="/admin/settings" className="font-semibold text-gold-300 underline underline-offset-4">
                {t('platformOffLink')}
              </Link>
            </span>
          </p>
        )}
        {settings.isPending ? (
          <PageSpinner />
        ) : settings.isError ? (
          <LoadFailed message={t('loadFailed')} onRetry={() => void settings.refetch()} />
        ) : (
          <SocialLoginForm settings={settings.data} platformAllows={platformAllows} />
        )}
      </div>
    </section>
  );
}
