import {
  updateVotingSettingsBodySchema,
  VOTING_NOTES_MAX_LENGTH,
  VOTING_TIMEZONES,
  type VotingSettings,
} from '@ovation/shared/schemas/voting';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { Switch } from '../../../components/form/switch';
import { buttonClass } from '../../../components/ui/button-styles';
import { ClockIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { votingKeys } from '../../../domain/voting/api/use-voting-status';
import { VOTING_REASON_TEXT_KEYS } from '../../../domain/voting/voting-period';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { type FieldErrors, validateWith } from '../../../lib/validate';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { fromZonedInput, toZonedInput } from '../lib/zoned-time';
import { resetVotingSettings, saveVotingSettings, votingSettingsQuery } from './api';

type Field = 'startDate' | 'endDate' | 'timezone' | 'notes';
type Timezone = (typeof VOTING_TIMEZONES)[number];

interface FormValues {
  isEnabled: boolean;
  /** datetime-local values, read in `timezone`. */
  start: string;
  end: string;
  timezone: Timezone;
  notes: string;
}

/** The two sides of the window: the form value, the schema field its error comes back on, the label. */
const WINDOW_FIELDS = [
  { value: 'start', field: 'startDate', label: 'votingControl.start' },
  { value: 'end', field: 'endDate', label: 'votingControl.end' },
] as const;

function formValuesOf(settings: VotingSettings): FormValues {
  return {
    isEnabled: settings.isEnabled,
    start: toZonedInput(settings.startDate, settings.timezone),
    end: toZonedInput(settings.endDate, settings.timezone),
    timezone: settings.timezone,
    notes: settings.notes,
  };
}

/** The admin spec's "Voting control": green when voting is open, red when an admin disabled it, yellow otherwise. */
const STATUS_TONES = {
  open: 'border-jade-400/40 bg-jade-400/10 text-jade-300',
  disabled: 'border-coral-400/40 bg-coral-500/10 text-coral-300',
  other: 'border-gold-400/40 bg-gold-400/10 text-gold-200',
} as const;

function StatusCard({ settings }: { settings: VotingSettings }) {
  const { t, i18n } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  const { currentStatus } = settings;
  const tone = currentStatus.isAllowed
    ? 'open'
    : currentStatus.reasonCode === 'disabled'
      ? 'disabled'
      : 'other';
  const format = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(i18n.language, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: settings.timezone,
        }).format(new Date(iso))
      : t('votingControl.open');
  return (
    <section
      aria-labelledby="voting-status-title"
      className={`rounded-3xl border p-5 sm:p-6 ${STATUS_TONES[tone]}`}
    >
      <h2 id="voting-status-title" className="text-sm font-semibold tracking-wide text-ink-300 uppercase">
        {t('votingControl.currentStatus')}
      </h2>
      <p className="mt-2 flex items-center gap-2 text-xl font-bold" data-testid="voting-status-reason">
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-current" />
        {tShell(VOTING_REASON_TEXT_KEYS[currentStatus.reasonCode])}
      </p>
      <dl className="mt-4 grid gap-3 text-sm text-ink-200 sm:grid-cols-2">
        <div>
          <dt className="text-ink-400">{t('votingControl.startsAt')}</dt>
          <dd className="font-medium text-ink-100">{format(currentStatus.startDate)}</dd>
        </div>
        <div>
          <dt className="text-ink-400">{t('votingControl.endsAt')}</dt>
          <dd className="font-medium text-ink-100">{format(currentStatus.endDate)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The form: enabled switch, window in a chosen timezone, notes; save and reset to defaults. */
function VotingSettingsForm({ settings }: { settings: VotingSettings }) {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FormValues>(() => formValuesOf(settings));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [confirmingReset, setConfirmingReset] = useState(false);

  const stored = (next: VotingSettings) => {
    queryClient.setQueryData(votingSettingsQuery.queryKey, next);
    setValues(formValuesOf(next));
    setErrors({});
  };
  // The public side's status (the pill, the countdown, the vote button) follows at once.
  const save = useAction({
    action: saveVotingSettings,
    success: t('votingControl.saved'),
    failure: t('votingControl.saveFailed'),
    invalidate: [votingKeys.status],
    onSuccess: stored,
  });
  const reset = useAction({
    action: resetVotingSettings,
    success: t('votingControl.resetDone'),
    failure: t('votingControl.resetFailed'),
    invalidate: [votingKeys.status],
    onSuccess: (next) => {
      stored(next);
      setConfirmingReset(false);
    },
  });

  const change = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startDate = values.start ? fromZonedInput(values.start, values.timezone) : null;
    const endDate = values.end ? fromZonedInput(values.end, values.timezone) : null;
    const checked = validateWith<typeof updateVotingSettingsBodySchema, Field>(
      updateVotingSettingsBodySchema,
      {
        isEnabled: values.isEnabled,
        startDate: values.start && !startDate ? 'invalid' : startDate,
        endDate: values.end && !endDate ? 'invalid' : endDate,
        timezone: values.timezone,
        notes: values.notes,
      },
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(checked.data);
  };

  const errorText = (field: Field) => (errors[field] ? tShell(errors[field]) : null);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Switch
        checked={values.isEnabled}
        onChange={(checked) => change('isEnabled', checked)}
        label={t('votingControl.enabled')}
        description={t('votingControl.enabledHint')}
        className="rounded-2xl border border-white/10 bg-white/[0.03] p-4"
      />

      <div className="grid gap-5 sm:grid-cols-2">
        {WINDOW_FIELDS.map(({ value, field, label }) => {
          const inputId = `${id}-${value}`;
          return (
            <FormField key={value} id={inputId} label={t(label)} error={errorText(field)}>
              {(control) => (
                <input
                  {...control}
                  type="datetime-local"
                  value={values[value]}
                  onChange={(event) => change(value, event.target.value)}
                  className={inputClass(Boolean(errors[field]), '[color-scheme:dark]')}
                />
              )}
            </FormField>
          );
        })}
      </div>

      <FormField
        id={`${id}-timezone`}
        label={t('votingControl.timezone')}
        hint={t('votingControl.timezoneHint')}
        error={errorText('timezone')}
      >
        {(control) => (
          <select
            {...control}
            value={values.timezone}
            onChange={(event) => change('timezone', event.target.value as Timezone)}
            className={inputClass(Boolean(errors.timezone))}
          >
            {VOTING_TIMEZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField
        id={`${id}-notes`}
        label={t('votingControl.notes')}
        error={errorText('notes')}
        counter={{ length: values.notes.length, max: VOTING_NOTES_MAX_LENGTH }}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.notes}
            onChange={(event) => change('notes', event.target.value)}
            placeholder={t('votingControl.notesPlaceholder')}
            className={inputClass(Boolean(errors.notes), 'resize-y')}
          />
        )}
      </FormField>

      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={save.isPending} className={buttonClass('primary', 'lg', 'sm:flex-1')}>
          {save.isPending && <InlineSpinner />}
          {save.isPending ? t('votingControl.saving') : t('votingControl.save')}
        </button>
        <button
          type="button"
          onClick={() => setConfirmingReset(true)}
          className={buttonClass('secondary', 'lg', 'sm:flex-1')}
        >
          {t('votingControl.reset')}
        </button>
      </div>

      <ConfirmDialog
        open={confirmingReset}
        title={t('votingControl.resetTitle')}
        description={t('votingControl.resetConfirm')}
        confirmLabel={t('votingControl.resetAction')}
        cancelLabel={t('votingControl.cancel')}
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onCancel={() => setConfirmingReset(false)}
      />
    </form>
  );
}

/** /admin/voting-control (the admin spec): the voting window, its status, and how changes apply. */
export default function VotingControlPage() {
  const { t } = useTranslation('admin');
  const settings = useQuery(votingSettingsQuery);
  if (settings.isError && accessProblem(settings.error)) return <AccessProblem error={settings.error} />;

  return (
    <section className="max-w-3xl">
      <PageHeader title={t('votingControl.title')} description={t('votingControl.description')} back />
      <div className="flex flex-col gap-6">
        {settings.isPending ? (
          <PageSpinner />
        ) : settings.isError ? (
          <LoadFailed message={t('votingControl.loadFailed')} onRetry={() => void settings.refetch()} />
        ) : (
          <>
            <StatusCard settings={settings.data} />
            <div className="rounded-3xl border border-white/10 bg-ink-900/60 p-5 sm:p-8">
              <VotingSettingsForm key={settings.data.updatedAt ?? 'none'} settings={settings.data} />
            </div>
            <aside className="flex gap-3 rounded-3xl border border-white/10 bg-white/[0.03] p-5 text-sm text-ink-300">
              <ClockIcon className="mt-0.5 size-5 shrink-0 text-gold-300" />
              <div>
                <p className="font-semibold text-ink-100">{t('votingControl.noticeTitle')}</p>
                <ul className="mt-2 list-disc space-y-1 ps-4">
                  <li>{t('votingControl.noticeNextVote')}</li>
                  <li>{t('votingControl.noticeKept')}</li>
                  <li>{t('votingControl.noticeAudit')}</li>
                  <li>{t('votingControl.noticeReset')}</li>
                </ul>
              </div>
            </aside>
          </>
        )}
      </div>
    </section>
  );
}
