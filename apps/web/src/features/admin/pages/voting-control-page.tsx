import { VOTING_REASONS } from '@ovation/shared/constants';
import {
  updateVotingSettingsBodySchema,
  VOTING_NOTES_MAX_LENGTH,
  VOTING_TIMEZONES,
  type VotingSettings,
} from '@ovation/shared/schemas/voting';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { ArrowStartIcon, ClockIcon, ShieldIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner, PageSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { describedBy, FormField, inputClass } from '../../auth/components/form-field';
import { type FieldErrors, validateWith } from '../../auth/lib/validate';
import { votingKeys } from '../../voting/api/use-voting-status';
import { resetVotingSettings, saveVotingSettings, votingSettingsQuery } from '../api/voting-settings-api';
import { AccessDenied } from '../components/access-denied';
import { fromZonedInput, toZonedInput } from '../lib/zoned-time';

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

/** Spec 2 "Voting control": green when voting is open, red when an admin disabled it, yellow otherwise. */
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
    : currentStatus.reason === VOTING_REASONS.disabled
      ? 'disabled'
      : 'other';
  const reason = {
    [VOTING_REASONS.active]: tShell('voting.statusActive'),
    [VOTING_REASONS.disabled]: tShell('errors.VOTING_DISABLED'),
    [VOTING_REASONS.notStarted]: tShell('errors.VOTING_NOT_STARTED'),
    [VOTING_REASONS.ended]: tShell('errors.VOTING_ENDED'),
  }[currentStatus.reason];
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
        {reason ?? currentStatus.reason}
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
  const [saving, setSaving] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [resetting, setResetting] = useState(false);

  const stored = (next: VotingSettings) => {
    queryClient.setQueryData(votingSettingsQuery.queryKey, next);
    // The public side's status (the pill, the countdown, the vote button) follows at once.
    void queryClient.invalidateQueries({ queryKey: votingKeys.status });
    setValues(formValuesOf(next));
    setErrors({});
  };

  const change = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
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
    setSaving(true);
    try {
      stored(await saveVotingSettings(checked.data));
      showToast(t('votingControl.saved'), 'success');
    } catch {
      showToast(t('votingControl.saveFailed'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    setResetting(true);
    try {
      stored(await resetVotingSettings());
      showToast(t('votingControl.resetDone'), 'success');
      setConfirmingReset(false);
    } catch {
      showToast(t('votingControl.resetFailed'), 'error');
    } finally {
      setResetting(false);
    }
  };

  const errorText = (field: Field) => (errors[field] ? tShell(errors[field]) : null);
  const switchId = `${id}-enabled`;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4 rounded-2xl border border-white/10 bg-white/[0.03] p-4">
        <div>
          <p id={`${switchId}-label`} className="font-semibold text-ink-50">
            {t('votingControl.enabled')}
          </p>
          <p id={`${switchId}-hint`} className="text-sm text-ink-400">
            {t('votingControl.enabledHint')}
          </p>
        </div>
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={values.isEnabled}
          aria-labelledby={`${switchId}-label`}
          aria-describedby={`${switchId}-hint`}
          onClick={() => change('isEnabled', !values.isEnabled)}
          className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-gold-400/40 ${values.isEnabled ? 'bg-jade-500' : 'bg-ink-600'}`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${values.isEnabled ? 'translate-x-7 rtl:-translate-x-7' : 'translate-x-1 rtl:-translate-x-1'}`}
          />
        </button>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        {WINDOW_FIELDS.map(({ value, field, label }) => {
          const inputId = `${id}-${value}`;
          return (
            <FormField key={value} id={inputId} label={t(label)} error={errorText(field)}>
              <input
                id={inputId}
                type="datetime-local"
                value={values[value]}
                onChange={(event) => change(value, event.target.value)}
                aria-invalid={Boolean(errors[field])}
                aria-describedby={describedBy(inputId, errorText(field))}
                className={inputClass(Boolean(errors[field]), '[color-scheme:dark]')}
              />
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
        <select
          id={`${id}-timezone`}
          value={values.timezone}
          onChange={(event) => change('timezone', event.target.value as Timezone)}
          aria-describedby={describedBy(`${id}-timezone`, errorText('timezone'), true)}
          className={inputClass(Boolean(errors.timezone))}
        >
          {VOTING_TIMEZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </FormField>

      <FormField
        id={`${id}-notes`}
        label={t('votingControl.notes')}
        error={errorText('notes')}
        aside={
          <span
            className={`text-xs tabular-nums ${values.notes.length > VOTING_NOTES_MAX_LENGTH ? 'text-coral-300' : 'text-ink-400'}`}
          >
            {values.notes.length}/{VOTING_NOTES_MAX_LENGTH}
          </span>
        }
      >
        <textarea
          id={`${id}-notes`}
          rows={4}
          value={values.notes}
          onChange={(event) => change('notes', event.target.value)}
          placeholder={t('votingControl.notesPlaceholder')}
          aria-invalid={Boolean(errors.notes)}
          aria-describedby={describedBy(`${id}-notes`, errorText('notes'))}
          className={inputClass(Boolean(errors.notes), 'resize-y')}
        />
      </FormField>

      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={saving} className={buttonClass('primary', 'lg', 'sm:flex-1')}>
          {saving && <InlineSpinner />}
          {saving ? t('votingControl.saving') : t('votingControl.save')}
        </button>
        <button
          type="button"
          onClick={() => setConfirmingReset(true)}
          className={buttonClass('secondary', 'lg', 'sm:flex-1')}
        >
          {t('votingControl.reset')}
        </button>
      </div>

      <Modal
        open={confirmingReset}
        onClose={() => setConfirmingReset(false)}
        size="sm"
        title={t('votingControl.resetTitle')}
        description={t('votingControl.resetConfirm')}
      >
        <ConfirmActions
          confirmLabel={t('votingControl.resetAction')}
          cancelLabel={t('votingControl.cancel')}
          busy={resetting}
          onConfirm={() => void reset()}
          onCancel={() => setConfirmingReset(false)}
        />
      </Modal>
    </form>
  );
}

/** /admin/voting-control (spec 2): the voting window, its status, and how changes apply. */
export default function VotingControlPage() {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  const session = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const settings = useQuery({ ...votingSettingsQuery, enabled: isAdmin });
  useDocumentTitle(tShell('meta.pageTitle', { page: t('votingControl.title') }));
  if (!isAdmin) return <AccessDenied />;

  return (
    <section className="mx-auto max-w-3xl px-4 pt-10 pb-24 sm:px-6 sm:pt-14">
      <Link
        to="/admin"
        className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-300 hover:text-gold-200"
      >
        <ArrowStartIcon className="size-4" />
        {t('backToAdmin')}
      </Link>
      <span className="mt-4 flex items-center gap-2 text-sm font-semibold text-gold-300">
        <ShieldIcon className="size-4" />
        {tShell('roles.admin')}
      </span>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-50 sm:text-4xl">
        {t('votingControl.title')}
      </h1>
      <p className="mt-2 text-ink-300">{t('votingControl.description')}</p>

      <div className="mt-8 flex flex-col gap-6">
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
