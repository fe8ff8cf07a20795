import { MAX_IMAGE_BYTES, MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { type AdminBanner, MAX_BANNER_TITLE_LENGTH } from '@ovation/shared/schemas/admin-media';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { inputClass } from '../../../components/form/control-styles';
import { checkImageFile } from '../../../components/form/file-checks';
import { FormField } from '../../../components/form/form-field';
import { useImageDropTexts } from '../../../components/form/image-drop-field';
import { ImageDropZone } from '../../../components/form/image-drop-zone';
import { Switch } from '../../../components/form/switch';
import { TextAreaField } from '../../../components/form/text-area-field';
import { UploadProgress } from '../../../components/form/upload-progress';
import { formatFileSize } from '../../../lib/format-number';
import type { TransferProgress } from '../../../lib/send-multipart';
import { useAction } from '../../../lib/use-action';
import { LibraryPicker } from '../lib/library-picker';
import { PictureSource } from '../lib/picture-source';
import { TranslationsSection, withTranslation } from '../lib/translations-section';
import { adminBannersKeys, LIBRARY_KEYS, PUBLIC_BANNER_KEYS, saveBanner } from './api';
import {
  type BannerFieldErrors,
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
  /** A new banner's order (spec 2 section 5: default 0). */
  nextOrder?: number;
  onClose: () => void;
}

/**
 * Upload Banner and Edit Banner (spec 2 sections 2 and 5): the picture (a new file, with the 5 MB and
 * image checks, or an image of the library), title (required), description, order (a whole number from
 * 0, default 0) and status; then, folded away, the title and description in each other
 * language, typed in that language's direction (a language left empty shows the English words).
 */
export function BannerFormModal({ open, banner, nextOrder = 0, onClose }: BannerFormModalProps) {
  const { t } = useTranslation('admin-banners');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tShell, i18n } = useTranslation();
  const baseId = useId();
  const dropTexts = useImageDropTexts();
  const [values, setValues] = useState<BannerFormValues>(() => formValuesOf(banner, nextOrder));
  const [errors, setErrors] = useState<BannerFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  // Each opening starts again from the banner's current values (or the defaults for a new one).
  const [shown, setShown] = useState<{ open: boolean; banner: AdminBanner | null }>({ open, banner });
  if (shown.open !== open || shown.banner !== banner) {
    setShown({ open, banner });
    if (open) {
      setValues(formValuesOf(banner, nextOrder));
      setErrors({});
      setFailure(null);
      setTranslationsOpen(false);
      setProgress(null);
    }
  }

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
      setErrors(found);
      setFailure(Object.keys(found).length > 0 ? null : message);
      if (hasTranslationError(found)) setTranslationsOpen(true);
    },
  });

  const submit = () => {
    const checked = checkBannerForm(values, banner);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFailure(null);
      if (hasTranslationError(checked.errors)) setTranslationsOpen(true);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate({ ...checked.save, onProgress: setProgress });
  };

  const set = <Field extends keyof BannerFormValues>(field: Field, value: BannerFormValues[Field]) => {
    setValues((current) => ({ ...current, [field]: value }));
    const cleared = field === 'file' || field === 'libraryImage' || field === 'source' ? 'banner' : field;
    setErrors(({ [cleared]: _cleared, ...rest }) => rest);
  };
  const errorOf = (field: string) => {
    const key = errors[field];
    return key ? tShell(key) : null;
  };
  const id = (field: string) => `${baseId}-${field.replaceAll('.', '-')}`;

  const pickFile = (file: File | null) => {
    if (!file) {
      set('file', null);
      return;
    }
    const problem = checkImageFile(file);
    if (problem) {
      setValues((current) => ({ ...current, file: null }));
      setErrors((current) => ({
        ...current,
        banner: problem === 'tooLarge' ? 'validation.bannerFileTooLarge' : 'errors.IMAGE_INVALID',
      }));
      return;
    }
    set('file', file);
  };
  const pictureError =
    errors.banner === 'errors.IMAGE_INVALID' ? tAdmin('kit.image.notImage') : errorOf('banner');

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
    >
      <PictureSource
        name={id('source')}
        source={values.source}
        onSource={(source) => set('source', source)}
        required={!banner}
        upload={
          <ImageDropZone
            id={id('banner')}
            label={t('form.image')}
            file={values.file}
            onPick={pickFile}
            onUnreadable={() => {
              setValues((current) => ({ ...current, file: null }));
              setErrors((current) => ({ ...current, banner: 'errors.IMAGE_INVALID' }));
            }}
            currentUrl={banner?.fullUrl}
            error={pictureError}
            hint={
              banner?.fullUrl
                ? t('form.imageHintEdit', { size: formatFileSize(MAX_IMAGE_BYTES, i18n.language) })
                : t('form.imageHint', { size: formatFileSize(MAX_IMAGE_BYTES, i18n.language) })
            }
            texts={dropTexts}
            required={!banner}
            accept="image/*"
          />
        }
        library={
          <LibraryPicker
            value={values.libraryImage}
            current={banner?.imageSource === 'library' ? banner.imageFilename : null}
            onChange={(filename) => set('libraryImage', filename)}
            error={pictureError}
          />
        }
      />

      <FormField
        id={id('title')}
        label={t('form.title')}
        required
        error={errorOf('title')}
        counter={{ length: values.title.length, max: MAX_BANNER_TITLE_LENGTH }}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            required
            dir="auto"
            autoComplete="off"
            maxLength={MAX_BANNER_TITLE_LENGTH}
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

      <div className="grid items-start gap-5 sm:grid-cols-2">
        <FormField
          id={id('order')}
          label={t('form.order')}
          hint={t('form.orderHint')}
          error={errorOf('order')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.order}
              onChange={(event) => set('order', event.target.value)}
              className={inputClass(Boolean(errors.order), 'tabular-nums')}
            />
          )}
        </FormField>
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
        placeholder={values.title}
        translations={values.translations}
        onChange={(language, field, value) =>
          setValues((current) => withTranslation(current, language, field, value))
        }
        open={translationsOpen}
        onToggle={() => setTranslationsOpen((value) => !value)}
        id={id}
        errorOf={errorOf}
        texts={{
          heading: t('form.translations'),
          hint: t('form.translationsHint'),
          count: (count, total) => t('form.translatedCount', { count, total }),
          shortLabel: t('form.translatedTitle'),
          descriptionLabel: t('form.translatedDescription'),
        }}
      />

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
