import { MAX_ADMIN_AUDIT_RETENTION_YEARS, RETENTION } from '@ovation/shared/constants';
import { type PlatformSettings, platformSettingsSchema } from '@ovation/shared/schemas/settings';
import { voteQuotaRule } from '@ovation/shared/vote-quota';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Switch } from '../../../components/form/switch';
import { ClockIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageSpinner } from '../../../components/ui/spinner';
import { describeVotingRule } from '../../../domain/voting/voting-rule';
import { accessProblem } from '../../../lib/api-error-message';
import { formatQuantity } from '../../../lib/format-number';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { Panel } from '../layout/panel';
import { platformSettingsQuery, votingOpenQuery } from './api';
import { DeviceExplainer } from './device-explainer';
import { NumberSetting } from './number-setting';
import { type Section, SettingsChangeFeedback, useSettingsChanges, withValue } from './settings-changes';

const votingFields = platformSettingsSchema.shape.votingSettings.shape;
const retentionFields = platformSettingsSchema.shape.retentionSettings.shape;
const ROW_CLASS = 'rounded-2xl border border-white/10 bg-white/[0.03] p-4';

/** The sub-settings shown under a switch that turns them on (device rules), set in from the reading start. */
function Nested({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 border-s-2 border-gold-400/30 ps-4">{children}</div>;
}

/** /admin/settings (the admin spec's "Platform settings"): every change saves at once; while voting is open, after a yes. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation('admin-settings');
  // The rule sentence is the fans' own (the main catalog): the admin reads what the public pages will say.
  const { t: tRule } = useTranslation();
  const id = useId();
  const settings = useQuery(platformSettingsQuery);
  const votingOpen = useQuery(votingOpenQuery);
  const changes = useSettingsChanges();
  const { request, busy } = changes;

  if (settings.isError && accessProblem(settings.error)) return <AccessProblem error={settings.error} />;

  const header = <PageHeader title={t('title')} description={t('description')} back />;
  if (settings.isPending)
    return (
      <section className="max-w-3xl">
        {header}
        <PageSpinner />
      </section>
    );
  if (settings.isError)
    return (
      <section className="max-w-3xl">
        {header}
        <LoadFailed message={t('loadFailed')} onRetry={() => void settings.refetch()} />
      </section>
    );

  const shown = changes.shown(settings.data);
  const onOff = (on: boolean) => (on ? t('on') : t('off'));
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const years = (value: number) => formatQuantity(value, 'year', i18n.language);

  const toggle =
    <S extends Section>(section: S, field: keyof PlatformSettings[S] & string, label: string) =>
    (checked: boolean) =>
      void request({
        next: withValue(shown, section, field, checked as PlatformSettings[S][typeof field]),
        setting: label,
        from: onOff(!checked),
        to: onOff(checked),
      });

  const switchRow = <S extends Section>(
    section: S,
    field: keyof PlatformSettings[S] & string,
    label: string,
    description: string,
  ) => (
    <Switch
      checked={shown[section][field] as boolean}
      onChange={toggle(section, field, label)}
      label={label}
      description={description}
      busy={busy}
      className={ROW_CLASS}
    />
  );

  const device = shown.deviceRestrictions;
  const voting = shown.votingSettings;
  const retention = shown.retentionSettings;

  return (
    <section className="max-w-3xl">
      {header}
      <div className="flex flex-col gap-6">
        {votingOpen.data === true && (
          <p className="flex items-start gap-3 rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-gold-100">
            <ClockIcon className="mt-0.5 size-5 shrink-0 text-gold-300" />
            {t('votingOpen')}
          </p>
        )}

        <Panel title={t('device.title')} testId="settings-device">
          <div className="flex flex-col gap-3">
            {switchRow('deviceRestrictions', 'enabled', t('device.enabled'), t('device.enabledHint'))}
            {device.enabled && (
              <Nested>
                {switchRow(
                  'deviceRestrictions',
                  'oneAccountPerDevice',
                  t('device.oneAccountPerDevice'),
                  t('device.oneAccountPerDeviceHint'),
                )}
                {switchRow(
                  'deviceRestrictions',
                  'allowMultipleDevices',
                  t('device.allowMultipleDevices'),
                  t('device.allowMultipleDevicesHint'),
                )}
              </Nested>
            )}
            <DeviceExplainer />
          </div>
        </Panel>

        <Panel title={t('voting.title')} testId="settings-voting">
          <div className="flex flex-col gap-3">
            {switchRow(
              'votingSettings',
              'allowMultipleVotes',
              t('voting.allowMultipleVotes'),
              t('voting.allowMultipleVotesHint'),
            )}
            {voting.allowMultipleVotes && (
              <Nested>
                <NumberSetting
                  id={`${id}-max-votes`}
                  label={t('voting.maxVotesPerUser')}
                  hint={`${t('voting.maxVotesPerUserHint')} ${t('voting.saveOnLeave')}`}
                  value={voting.maxVotesPerUser}
                  min={1}
                  max={1000}
                  schema={votingFields.maxVotesPerUser}
                  invalidKey="validation.maxVotesPerUserInvalid"
                  busy={busy}
                  onCommit={(value) =>
                    void request({
                      next: withValue(shown, 'votingSettings', 'maxVotesPerUser', value),
                      setting: t('voting.maxVotesPerUser'),
                      from: number(voting.maxVotesPerUser),
                      to: number(value),
                    })
                  }
                />
              </Nested>
            )}
            {switchRow(
              'votingSettings',
              'enableDailyVoting',
              t('voting.enableDailyVoting'),
              t('voting.enableDailyVotingHint'),
            )}
            <NumberSetting
              id={`${id}-daily-votes`}
              label={
                voting.enableDailyVoting
                  ? t('voting.dailyVotesPerCategory')
                  : t('voting.periodVotesPerCategory')
              }
              hint={`${t('voting.votesPerCategoryHint')} ${t('voting.saveOnLeave')}`}
              value={voting.dailyVotesPerCategory}
              min={1}
              max={100}
              schema={votingFields.dailyVotesPerCategory}
              invalidKey="validation.dailyVotesPerCategoryInvalid"
              busy={busy}
              onCommit={(value) =>
                void request({
                  next: withValue(shown, 'votingSettings', 'dailyVotesPerCategory', value),
                  setting: voting.enableDailyVoting
                    ? t('voting.dailyVotesPerCategory')
                    : t('voting.periodVotesPerCategory'),
                  from: number(voting.dailyVotesPerCategory),
                  to: number(value),
                })
              }
            />
            <div className="mt-1 rounded-2xl border border-jade-400/30 bg-jade-400/[0.07] p-4">
              <p className="text-sm font-semibold text-jade-300">{t('voting.summaryTitle')}</p>
              <p className="mt-1 text-ink-50" aria-live="polite" data-testid="voting-rule-summary">
                {describeVotingRule(tRule, voteQuotaRule(voting))}
              </p>
            </div>
          </div>
        </Panel>

        <Panel title={t('security.title')} testId="settings-security">
          <div className="flex flex-col gap-3">
            {switchRow(
              'securitySettings',
              'requireEmailVerification',
              t('security.requireEmailVerification'),
              t('security.requireEmailVerificationHint'),
            )}
            {switchRow(
              'securitySettings',
              'requireCaptcha',
              t('security.requireCaptcha'),
              t('security.requireCaptchaHint'),
            )}
            {switchRow(
              'securitySettings',
              'requireAdminSecondFactor',
              t('security.requireAdminSecondFactor'),
              t('security.requireAdminSecondFactorHint'),
            )}
          </div>
        </Panel>

        <Panel title={t('general.title')} testId="settings-general">
          <div className="flex flex-col gap-3">
            {switchRow(
              'generalSettings',
              'allowRegistration',
              t('general.allowRegistration'),
              t('general.allowRegistrationHint'),
            )}
            {switchRow(
              'generalSettings',
              'allowSocialLogin',
              t('general.allowSocialLogin'),
              t('general.allowSocialLoginHint'),
            )}
            <Link
              to="/admin/social-login"
              className="inline-flex min-h-11 items-center self-start rounded-full px-1 text-sm font-semibold text-gold-300 underline-offset-4 hover:underline"
            >
              {t('general.socialLoginLink')}
            </Link>
          </div>
        </Panel>

        <Panel title={t('retention.title')} testId="settings-retention">
          <NumberSetting
            id={`${id}-admin-audit-years`}
            label={t('retention.adminAuditRetentionYears')}
            hint={`${t('retention.adminAuditRetentionYearsHint', {
              securityPeriod: years(RETENTION.securityLogsYears),
            })} ${t('voting.saveOnLeave')}`}
            value={retention.adminAuditRetentionYears}
            min={RETENTION.securityLogsYears}
            max={MAX_ADMIN_AUDIT_RETENTION_YEARS}
            schema={retentionFields.adminAuditRetentionYears}
            invalidKey="validation.adminAuditRetentionYearsInvalid"
            busy={busy}
            onCommit={(value) =>
              void request({
                next: withValue(shown, 'retentionSettings', 'adminAuditRetentionYears', value),
                setting: t('retention.adminAuditRetentionYears'),
                from: years(retention.adminAuditRetentionYears),
                to: years(value),
              })
            }
          />
        </Panel>
      </div>

      <SettingsChangeFeedback changes={changes} />
    </section>
  );
}
