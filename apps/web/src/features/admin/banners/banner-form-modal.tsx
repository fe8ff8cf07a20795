import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';
import { type AdminBanner, MAX_BANNER_TITLE_LENGTH } from '@ovation/shared/schemas/admin-media';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { Switch } from '../../../components/form/switch';
import { NumberField } from '../../../components/form/text-field';
import { UploadProgress } from '../../../components/form/upload-progress';
import { useDialogForm } from '../../../components/form/use-dialog-form';
import { formatFileSize } from '../../../lib/format-number';
import type { TransferProgress } from '../../../lib/send-multipart';
import { useAction } from '../../../lib/use-action';
import { NameFields } from '../lib/name-fields';
import { PictureField } from '../lib/picture-field';
import { TranslationsSection } from '../lib/translations-section';
import { adminBannersKeys, LIBRARY_KEYS, PUBLIC_BANNER_KEYS, saveBanner } from './api';
import {
  type BannerFormValues,
  checkBannerForm,
  formValuesOf,
  hasTranslationError,
  serverBannerErrors,
} from './banner-form';

interface BannerFormModalProps {
  open: boolean;
  /** The banner being edited; null to upload a new one. */
  banner: AdminBanner | null;
  /** A new banner's order (default 0). */
  nextOrder?: number;
  onClose: () => void;
}

/** The picture's three inputs (a file, a library image, which of the two) share the picture's error. */
const errorFieldOf = (field: keyof BannerFormValues): string =>
  field === 'file' || field === 'libraryImage' || field === 'source' ? 'banner' : field;

/**
 * Upload Banner and Edit Banner: the picture (a new file, with the 5 MB and image checks, or an image of
 * the library), title (required), description, order (a whole number from 0, default 0) and status; then,
 * folded away, the title and description in each other language, typed in that language's direction (a
 * language left empty shows the English words).
 */
export function BannerFormModal({ open, banner, nextOrder = 0, onClose }: BannerFormModalProps) {
  const { t } = useTranslation('admin-banners');
  const { t: tAdmin } = useTranslation('admin');
  const { i18n } = useTranslation();
  const baseId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const form = useDialogForm<BannerFormValues, string>({
    open,
    subject: banner,
    initial: () => formValuesOf(banner, nextOrder),
    errorField: errorFieldOf,
    onOpen: () => {
      setFailure(null);
      setTranslationsOpen(false);
      setProgress(null);
    },
  });
  const { values, set, errorText } = form;

  const save = useAction({
    action: saveBanner,
    success: banner ? t('toast.updated') : t('toast.uploaded'),
    failure: banner ? t('toast.updateFailed') : t('toast.uploadFailed'),
    invalidate: [adminBannersKeys.all, ...PUBLIC_BANNER_KEYS, ...LIBRARY_KEYS],
    onSuccess: onClose,
    // The modal stays open on a failure (a toast would sit under its backdrop): the reason shows in it.
    toastOnError: false,
    onError: (error, message) => {
      setProgress(null);
      const found = serverBannerErrors(error);
      form.setErrors(found);
      setFailure(Object.keys(found).length > 0 ? null : message);
      if (hasTranslationError(found)) setTranslationsOpen(true);
    },
  });

  const submit = () => {
    const checked = checkBannerForm(values, banner);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      setFailure(null);
      if (hasTranslationError(checked.errors)) setTranslationsOpen(true);
      return;
    }
    form.setErrors({});
    setFailure(null);
    save.mutate({ ...checked.save, onProgress: setProgress });
  };

  const id = (field: string) => `${baseId}-${field.replaceAll('.', '-')}`;
  const pictureError =
    form.errors.banner === 'errors.IMAGE_INVALID' ? tAdmin('kit.image.notImage') : errorText('banner');
  const size = formatFileSize(MAX_IMAGE_BYTES, i18n.language);

  return (
    <FormModal
      open={open}
      title={banner ? t('form.editTitle') : t('form.addTitle')}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      onSubmit={submit}
      submitLabel={banner ? t('form.save') : t('form.create')}
      busyLabel={banner ? t('form.saving') : t('form.uploading')}
      busy={save.isPending}
      error={failure}
      size="lg"
      dirty={form.dirty}
    >
      <PictureField
        id={id('banner')}
        label={t('form.image')}
        source={values.source}
        onSource={(source) => set('source', source)}
        required={!banner}
        file={values.file}
        onFile={(file) => set('file', file)}
        onRefuse={(problem) => {
          form.setValues((current) => ({ ...current, file: null }));
          form.setErrors((current) => ({
            ...current,
            banner: problem === 'tooLarge' ? 'validation.bannerFileTooLarge' : 'errors.IMAGE_INVALID',
          }));
        }}
        currentUrl={banner?.fullUrl}
        libraryImage={values.libraryImage}
        currentLibraryImage={banner?.imageSource === 'library' ? banner.imageFilename : null}
        onLibraryImage={(filename) => set('libraryImage', filename)}
        error={pictureError}
        hint={banner?.fullUrl ? t('form.imageHintEdit', { size }) : t('form.imageHint', { size })}
      />

      <NameFields
        form={form}
        short="title"
        maxLength={MAX_BANNER_TITLE_LENGTH}
        id={id}
        labels={{ short: t('form.title'), description: t('form.description') }}
      />

      <div className="grid items-start gap-5 sm:grid-cols-2">
        <NumberField
          id={id('order')}
          label={t('form.order')}
          hint={t('form.orderHint')}
          error={errorText('order')}
          min={0}
          value={values.order}
          onChange={(value) => set('order', value)}
        />
        <Switch
          checked={values.isActive}
          onChange={(checked) => set('isActive', checked)}
          label={values.isActive ? t('form.active') : t('form.inactive')}
          description={values.isActive ? t('form.activeHint') : t('form.inactiveHint')}
          className="rounded-2xl border border-white/10 bg-white/[0.03] p-4 sm:mt-7"
        />
      </div>

      <TranslationsSection
        short="title"
        shortMaxLength={MAX_BANNER_TITLE_LENGTH}
        form={form}
        open={translationsOpen}
        onToggle={() => setTranslationsOpen((value) => !value)}
        id={id}
        t={t}
      />

      <UploadProgress
        progress={save.isPending && values.file !== null ? progress : null}
        label={t('form.progress')}
        processingLabel={t('form.processing')}
      />
    </FormModal>
  );
}
