import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';
import {
  type AdminAd,
  MAX_AD_TARGET_URL_LENGTH,
  MAX_AD_TITLE_LENGTH,
  MAX_AD_WEIGHT,
  MIN_AD_WEIGHT,
} from '@ovation/shared/schemas/ads';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { NumberField, TextField } from '../../../components/form/text-field';
import { UploadProgress } from '../../../components/form/upload-progress';
import { useDialogForm, valuesChanged } from '../../../components/form/use-dialog-form';
import { formatFileSize } from '../../../lib/format-number';
import type { TransferProgress } from '../../../lib/send-multipart';
import { useAction } from '../../../lib/use-action';
import { NameFields } from '../lib/name-fields';
import { PictureField, type PictureRefusal } from '../lib/picture-field';
import { type AdField, type AdFormValues, checkAdForm, formValuesOf, serverAdErrors } from './ad-form';
import { AdLimitFields, AdScheduleFields, LocationChoices } from './ad-form-fields';
import { AFFECTED_BY_AD_WRITE, saveAd } from './api';
import { usePlatformToday } from './use-platform-today';

interface AdFormModalProps {
  open: boolean;
  /** The ad being edited; null to create one. */
  ad: AdminAd | null;
  onClose: () => void;
}

/** The error a refused picture shows: a file too large, else one that is not a readable image. */
const PICTURE_REFUSALS: Record<PictureRefusal, 'validation.adFileTooLarge' | 'validation.adImageRequired'> = {
  tooLarge: 'validation.adFileTooLarge',
  notImage: 'validation.adImageRequired',
  unreadable: 'validation.adImageRequired',
};

/** The picture's three inputs (a file, a library image, which of the two) share the picture's error. */
const errorFieldOf = (field: keyof AdFormValues): AdField =>
  field === 'file' || field === 'libraryImage' || field === 'source' ? 'image' : field;

/**
 * Create Ad and Edit Ad: the picture (a new file of up to 5 MB or an image of the library, as the banner
 * form offers; required on create), title, description, target URL (http or https only), the locations it
 * may show at, its weight, its dates (calendar days in the platform's timezone; a new ad starts today) and
 * its impression limits (0: unlimited). Checked with the server's own schema before anything is sent; the
 * server's refusals show on their fields.
 */
export function AdFormModal({ open, ad, onClose }: AdFormModalProps) {
  const { t } = useTranslation('admin-ads');
  const { t: tShell, i18n } = useTranslation();
  const baseId = useId();
  const { today, timezone } = usePlatformToday();
  // The start a new ad shows until the field is changed (null once it is, or for an edit): the browser's
  // own day stands in until the platform's timezone is known, then gives way to the platform's today.
  const [startDefault, setStartDefault] = useState<string | null>(ad ? null : today);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const form = useDialogForm<AdFormValues, AdField>({
    open,
    subject: ad,
    initial: () => formValuesOf(ad, today),
    errorField: errorFieldOf,
    onOpen: () => {
      setStartDefault(ad ? null : today);
      setFailure(null);
      setProgress(null);
    },
  });
  const { values, errorText } = form;
  if (!form.shownChanged && startDefault !== null && startDefault !== today) {
    setStartDefault(today);
    form.setValues((current) => ({ ...current, startDate: today }));
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
      form.setErrors(found);
      const onFields = Object.keys(found).some((field) => field !== 'displaySettings');
      setFailure(onFields ? null : message);
    },
  });

  const submit = () => {
    const checked = checkAdForm(values, ad);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      setFailure(checked.errors.displaySettings ? tShell(checked.errors.displaySettings) : null);
      return;
    }
    form.setErrors({});
    setFailure(null);
    save.mutate({ ...checked.save, onProgress: setProgress });
  };

  const set: typeof form.set = (field, value) => {
    form.set(field, value);
    if (field === 'startDate') setStartDefault(null);
  };
  // A new ad's start day follows the platform's today until the admin picks one: that is not their edit.
  const dirty = open && startDefault !== null ? valuesChanged(formValuesOf(ad, today), values) : form.dirty;
  const id = (field: string) => `${baseId}-${field}`;
  const parts = { id, values, set, errorText };
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
      dirty={dirty}
    >
      <PictureField
        id={id('image')}
        label={t('form.image')}
        source={values.source}
        onSource={(source) => set('source', source)}
        required={!ad}
        file={values.file}
        onFile={(file) => set('file', file)}
        onRefuse={(problem) => {
          form.setValues((current) => ({ ...current, file: null }));
          form.setErrors((current) => ({ ...current, image: PICTURE_REFUSALS[problem] }));
        }}
        currentUrl={ad?.imageUrl}
        libraryImage={values.libraryImage}
        currentLibraryImage={ad?.imageSource === 'library' ? ad.imageFilename : null}
        onLibraryImage={(filename) => set('libraryImage', filename)}
        error={errorText('image')}
        hint={ad?.imageUrl ? t('form.imageHintEdit', { size }) : t('form.imageHint', { size })}
      />

      <NameFields
        form={form}
        short="title"
        maxLength={MAX_AD_TITLE_LENGTH}
        id={id}
        labels={{ short: t('form.title'), description: t('form.description') }}
      />

      <TextField
        id={id('targetUrl')}
        type="url"
        label={t('form.targetUrl')}
        required
        hint={t('form.targetUrlHint')}
        error={errorText('targetUrl')}
        // An address reads left to right in every language.
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        maxLength={MAX_AD_TARGET_URL_LENGTH}
        value={values.targetUrl}
        onChange={(value) => set('targetUrl', value)}
        inputClassName="text-start"
      />

      <LocationChoices
        id={id('locations')}
        chosen={values.locations}
        onChange={(locations) => set('locations', locations)}
        error={errorText('locations')}
      />

      <NumberField
        id={id('weight')}
        label={t('form.weight')}
        required
        hint={t('form.weightHint', { min: MIN_AD_WEIGHT, max: MAX_AD_WEIGHT })}
        error={errorText('weight')}
        className="sm:max-w-xs"
        min={MIN_AD_WEIGHT}
        max={MAX_AD_WEIGHT}
        value={values.weight}
        onChange={(value) => set('weight', value)}
      />

      <AdScheduleFields {...parts} timezone={timezone} />
      <AdLimitFields {...parts} />

      <UploadProgress
        progress={save.isPending && values.file !== null ? progress : null}
        label={t('form.progress')}
        processingLabel={t('form.processing')}
      />
    </FormModal>
  );
}
