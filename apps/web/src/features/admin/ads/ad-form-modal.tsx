import { MAX_IMAGE_BYTES, MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import {
  type AdminAd,
  MAX_AD_CAP,
  MAX_AD_TARGET_URL_LENGTH,
  MAX_AD_TITLE_LENGTH,
  MAX_AD_WEIGHT,
  MIN_AD_WEIGHT,
} from '@ovation/shared/schemas/ads';
import { calendarDateAt } from '@ovation/shared/zoned-time';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { inputClass } from '../../../components/form/control-styles';
import { checkImageFile } from '../../../components/form/file-checks';
import { FormField } from '../../../components/form/form-field';
import { useImageDropTexts } from '../../../components/form/image-drop-field';
import { ImageDropZone } from '../../../components/form/image-drop-zone';
import { TextAreaField } from '../../../components/form/text-area-field';
import { UploadProgress } from '../../../components/form/upload-progress';
import { formatFileSize } from '../../../lib/format-number';
import type { TransferProgress } from '../../../lib/send-multipart';
import { useAction } from '../../../lib/use-action';
import { LibraryPicker } from '../lib/library-picker';
import { PictureSource } from '../lib/picture-source';
import { type AdFieldErrors, type AdFormValues, checkAdForm, formValuesOf, serverAdErrors } from './ad-form';
import { FieldGroup, LocationChoices } from './ad-form-fields';
import { AFFECTED_BY_AD_WRITE, platformTimezoneQuery, saveAd } from './api';

interface AdFormModalProps {
  open: boolean;
  /** The ad being edited; null to create one. */
  ad: AdminAd | null;
  onClose: () => void;
}

/** Today in the platform's timezone (the browser's own day until the timezone is known: see startDefault). */
function usePlatformToday(): { today: string; timezone: string | undefined } {
  const timezone = useQuery(platformTimezoneQuery).data;
  const local = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return { today: calendarDateAt(Date.now(), timezone ?? local), timezone };
}

/**
 * Create Ad and Edit Ad (spec 2 "Ad management"): the picture (a new file of up to 5 MB or an image of the
 * library, as the banner form offers; required on create), title, description,
 * target URL (http or https only), the locations it may show at, its weight, its dates (calendar days in the
 * platform's timezone; a new ad starts today) and its impression limits (0: unlimited). Checked with the
 * server's own schema before anything is sent; the server's refusals show on their fields.
 */
export function AdFormModal({ open, ad, onClose }: AdFormModalProps) {
  const { t } = useTranslation('admin-ads');
  const { t: tShell, i18n } = useTranslation();
  const baseId = useId();
  const dropTexts = useImageDropTexts();
  const { today, timezone } = usePlatformToday();
  const [values, setValues] = useState<AdFormValues>(() => formValuesOf(ad, today));
  // The start a new ad shows until the field is changed (null once it is, or for an edit): the browser's
  // own day stands in until the platform's timezone is known, then gives way to the platform's today.
  const [startDefault, setStartDefault] = useState<string | null>(ad ? null : today);
  const [errors, setErrors] = useState<AdFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  // Each opening starts again from the ad's current values (or the defaults for a new one).
  const [shown, setShown] = useState<{ open: boolean; ad: AdminAd | null }>({ open, ad });
  if (shown.open !== open || shown.ad !== ad) {
    setShown({ open, ad });
    if (open) {
      setValues(formValuesOf(ad, today));
      setStartDefault(ad ? null : today);
      setErrors({});
      setFailure(null);
      setProgress(null);
    }
  } else if (startDefault !== null && startDefault !== today) {
    setStartDefault(today);
    setValues((current) => ({ ...current, startDate: today }));
  }

  const save = useAction({
    action: saveAd,
    success: ad ? tShell('success.adUpdated') : tShell('success.adCreated'),
    failure: ad ? t('toast.updateFailed') : t('toast.createFailed'),
    invalidate: AFFECTED_BY_AD_WRITE,
    onSuccess: onClose,
    // The modal stays open on a failure (a toast would sit under its backdrop): the reason shows in it.
    toastOnError: false,
    onError: (error, message) => {
      setProgress(null);
      const found = serverAdErrors(error);
      setErrors(found);
      const onFields = Object.keys(found).some((field) => field !== 'displaySettings');
      setFailure(onFields ? null : message);
    },
  });

  const submit = () => {
    const checked = checkAdForm(values, ad);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(checked.errors.displaySettings ? tShell(checked.errors.displaySettings) : null);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate({ ...checked.save, onProgress: setProgress });
  };

  const set = <Field extends keyof AdFormValues>(field: Field, value: AdFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'startDate') setStartDefault(null);
    const cleared = field === 'file' || field === 'libraryImage' || field === 'source' ? 'image' : field;
    setErrors(({ [cleared]: _cleared, ...rest }) => rest);
  };
  const errorOf = (field: keyof AdFieldErrors) => {
    const key = errors[field];
    return key ? tShell(key) : null;
  };
  const id = (field: string) => `${baseId}-${field}`;

  const pickFile = (file: File | null) => {
    const problem = file ? checkImageFile(file) : null;
    if (!problem) {
      set('file', file);
      return;
    }
    setValues((current) => ({ ...current, file: null }));
    setErrors((current) => ({
      ...current,
      image: problem === 'tooLarge' ? 'validation.adFileTooLarge' : 'validation.adImageRequired',
    }));
  };
  const size = formatFileSize(MAX_IMAGE_BYTES, i18n.language);

  return (
    <FormModal
      open={open}
      title={ad ? t('form.editTitle') : t('form.createTitle')}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      onSubmit={submit}
      submitLabel={ad ? t('form.save') : t('form.create')}
      busyLabel={ad ? t('form.saving') : t('form.creating')}
      busy={save.isPending}
      error={failure}
      size="lg"
    >
      <PictureSource
        name={id('source')}
        source={values.source}
        onSource={(source) => set('source', source)}
        required={!ad}
        upload={
          <ImageDropZone
            id={id('image')}
            label={t('form.image')}
            file={values.file}
            onPick={pickFile}
            onUnreadable={() => {
              setValues((current) => ({ ...current, file: null }));
              setErrors((current) => ({ ...current, image: 'validation.adImageRequired' }));
            }}
            currentUrl={ad?.imageUrl}
            error={errorOf('image')}
            hint={ad?.imageUrl ? t('form.imageHintEdit', { size }) : t('form.imageHint', { size })}
            texts={dropTexts}
            required={!ad}
            accept="image/*"
          />
        }
        library={
          <LibraryPicker
            value={values.libraryImage}
            current={ad?.imageSource === 'library' ? ad.imageFilename : null}
            onChange={(filename) => set('libraryImage', filename)}
            error={errorOf('image')}
          />
        }
      />

      <FormField
        id={id('title')}
        label={t('form.title')}
        required
        error={errorOf('title')}
        counter={{ length: values.title.length, max: MAX_AD_TITLE_LENGTH }}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            dir="auto"
            autoComplete="off"
            maxLength={MAX_AD_TITLE_LENGTH}
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            className={inputClass(Boolean(errors.title))}
          />
        )}
      </FormField>

      <TextAreaField
        id={id('description')}
        label={t('form.description')}
        optional
        error={errorOf('description')}
        dir="auto"
        maxLength={MAX_TEXT_LENGTH}
        value={values.description}
        onChange={(value) => set('description', value)}
      />

      <FormField
        id={id('targetUrl')}
        label={t('form.targetUrl')}
        required
        hint={t('form.targetUrlHint')}
        error={errorOf('targetUrl')}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            required
            // An address reads left to right in every language.
            dir="ltr"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            maxLength={MAX_AD_TARGET_URL_LENGTH}
            value={values.targetUrl}
            onChange={(event) => set('targetUrl', event.target.value)}
            className={inputClass(Boolean(errors.targetUrl), 'text-start')}
          />
        )}
      </FormField>

      <LocationChoices
        id={id('locations')}
        chosen={values.locations}
        onChange={(locations) => set('locations', locations)}
        error={errorOf('locations')}
      />

      <FormField
        id={id('weight')}
        label={t('form.weight')}
        required
        hint={t('form.weightHint', { min: MIN_AD_WEIGHT, max: MAX_AD_WEIGHT })}
        error={errorOf('weight')}
        className="sm:max-w-xs"
      >
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            required
            min={MIN_AD_WEIGHT}
            max={MAX_AD_WEIGHT}
            step={1}
            value={values.weight}
            onChange={(event) => set('weight', event.target.value)}
            className={inputClass(Boolean(errors.weight), 'tabular-nums')}
          />
        )}
      </FormField>

      <FieldGroup legend={t('form.schedule')} hint={t('form.scheduleHint', { timezone: timezone ?? '…' })}>
        <FormField id={id('startDate')} label={t('form.startDate')} error={errorOf('startDate')}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={values.startDate}
              onChange={(event) => set('startDate', event.target.value)}
              className={inputClass(Boolean(errors.startDate), 'tabular-nums')}
            />
          )}
        </FormField>
        <FormField
          id={id('endDate')}
          label={t('form.endDate')}
          optional
          hint={t('form.endDateHint')}
          error={errorOf('endDate')}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              min={values.startDate || undefined}
              value={values.endDate}
              onChange={(event) => set('endDate', event.target.value)}
              className={inputClass(Boolean(errors.endDate), 'tabular-nums')}
            />
          )}
        </FormField>
      </FieldGroup>

      <FieldGroup legend={t('form.limits')} hint={t('form.limitsHint')}>
        {(['maxDailyImpressions', 'maxTotalImpressions'] as const).map((field) => (
          <FormField key={field} id={id(field)} label={t(`form.${field}`)} error={errorOf(field)}>
            {(control) => (
              <input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_AD_CAP}
                step={1}
                value={values[field]}
                onChange={(event) => set(field, event.target.value)}
                className={inputClass(Boolean(errors[field]), 'tabular-nums')}
              />
            )}
          </FormField>
        ))}
      </FieldGroup>

      {save.isPending && progress && values.file !== null && (
        <UploadProgress
          progress={progress}
          label={t('form.progress')}
          processingLabel={t('form.processing')}
        />
      )}
    </FormModal>
  );
}
