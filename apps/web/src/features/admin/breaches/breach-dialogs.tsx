import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import { localInputValue } from '../../../lib/local-time';
import { useAction } from '../../../lib/use-action';
import { serverFieldErrors } from '../../../lib/validate';
import {
  BREACH_NOTICE_HOURS,
  type Breach,
  breachesKeys,
  MAX_BREACH_TEXT_LENGTH,
  recordBreach,
  recordNotification,
} from './api';

/** A datetime-local value (read in the admin's timezone) as an instant, or '' when it is not one. */
function toInstant(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
}

type Errors = Partial<Record<string, string>>;

function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Errors>({});
  return {
    errors,
    clear: (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest),
    reset: () => setErrors({}),
    fromServer: (error: unknown) => {
      const found: Errors = {};
      for (const { field, key } of serverFieldErrors(error)) found[field] ??= t(key as never);
      setErrors(found);
      return Object.keys(found).length > 0;
    },
    require: (values: Record<string, string>, keys: Record<string, string>) => {
      const found: Errors = {};
      for (const [field, key] of Object.entries(keys))
        if (!values[field]?.trim()) found[field] = t(key as never);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
  };
}

/** A breach dialog's state: its values, their errors, and the call that saves them (then closes). */
function useBreachForm<Values extends Record<string, string>, Data, Variables>(options: {
  initial: () => Values;
  action: (variables: Variables) => Promise<Data>;
  success: string;
  failure: string;
  onClose: () => void;
}) {
  const [values, setValues] = useState(options.initial);
  const fields = useFieldErrors();
  const close = () => {
    setValues(options.initial());
    fields.reset();
    options.onClose();
  };
  const save = useAction({
    action: options.action,
    success: options.success,
    failure: options.failure,
    invalidate: [breachesKeys.all],
    toastOnError: false,
    onSuccess: close,
    onError: (error) => fields.fromServer(error),
  });
  const change = (field: keyof Values & string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    fields.clear(field);
  };
  const formError = save.error && Object.keys(fields.errors).length === 0 ? options.failure : null;
  return { values, change, fields, close, save, formError };
}

/** Record a breach: when it was found, what happened, who is affected. */
export function RecordBreachDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin-breaches');
  const id = useId();
  const { values, change, fields, close, save, formError } = useBreachForm({
    initial: () => ({ foundAt: localInputValue('datetime-local'), summary: '', affected: '' }),
    action: recordBreach,
    success: t('record.done', { hours: BREACH_NOTICE_HOURS }),
    failure: t('record.failed'),
    onClose,
  });
  return (
    <FormModal
      open={open}
      title={t('record.title')}
      description={t('record.description')}
      onClose={close}
      submitLabel={t('record.submit')}
      busy={save.isPending}
      error={formError}
      onSubmit={() => {
        const ok = fields.require(values, {
          foundAt: 'validation.breachTimeInvalid',
          summary: 'validation.breachSummaryRequired',
          affected: 'validation.breachAffectedRequired',
        });
        if (ok) save.mutate({ ...values, foundAt: toInstant(values.foundAt) });
      }}
    >
      <TextField
        id={`${id}-found`}
        label={t('fields.foundAt')}
        hint={t('fields.foundAtHint')}
        type="datetime-local"
        value={values.foundAt}
        onChange={change('foundAt')}
        error={fields.errors.foundAt}
        required
      />
      <TextAreaField
        id={`${id}-summary`}
        label={t('fields.summary')}
        hint={t('fields.summaryHint')}
        value={values.summary}
        onChange={change('summary')}
        maxLength={MAX_BREACH_TEXT_LENGTH}
        error={fields.errors.summary}
        dir="auto"
        rows={4}
        required
      />
      <TextAreaField
        id={`${id}-affected`}
        label={t('fields.affected')}
        hint={t('fields.affectedHint')}
        value={values.affected}
        onChange={change('affected')}
        maxLength={MAX_BREACH_TEXT_LENGTH}
        error={fields.errors.affected}
        dir="auto"
        required
      />
    </FormModal>
  );
}

/** Record the notification: when the authority was told, and how (form, reference, who was informed). */
export function NotifyDialog({ breach, onClose }: { breach: Breach | null; onClose: () => void }) {
  const { t } = useTranslation('admin-breaches');
  const id = useId();
  const { values, change, fields, close, save, formError } = useBreachForm({
    initial: () => ({ notifiedAt: localInputValue('datetime-local'), notification: '' }),
    action: recordNotification,
    success: t('notify.done'),
    failure: t('notify.failed'),
    onClose,
  });
  return (
    <FormModal
      open={breach !== null}
      title={t('notify.title')}
      description={t('notify.description')}
      onClose={close}
      submitLabel={t('notify.submit')}
      busy={save.isPending}
      error={formError}
      onSubmit={() => {
        const ok = fields.require(values, {
          notifiedAt: 'validation.breachTimeInvalid',
          notification: 'validation.breachNotificationRequired',
        });
        if (ok && breach)
          save.mutate({ id: breach._id, body: { ...values, notifiedAt: toInstant(values.notifiedAt) } });
      }}
    >
      <TextField
        id={`${id}-notified`}
        label={t('fields.notifiedAt')}
        type="datetime-local"
        value={values.notifiedAt}
        onChange={change('notifiedAt')}
        error={fields.errors.notifiedAt}
        required
      />
      <TextAreaField
        id={`${id}-notification`}
        label={t('fields.notification')}
        hint={t('fields.notificationHint')}
        value={values.notification}
        onChange={change('notification')}
        maxLength={MAX_BREACH_TEXT_LENGTH}
        error={fields.errors.notification}
        dir="auto"
        required
      />
    </FormModal>
  );
}
