import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
} from '@ovation/shared/category-words';
import { type AdminBanner, bannerFieldsSchema } from '@ovation/shared/schemas/admin-media';
import { type FieldMessageKey, isFieldMessageKey, serverFieldErrors } from '../../../lib/validate';
import type { ImageSource } from '../lib/picture-source';
import type { BannerSave } from './api';

/** What the Upload / Edit form edits: text as typed (the order too), one pair of fields per language. */
export interface BannerFormValues {
  title: string;
  description: string;
  order: string;
  isActive: boolean;
  translations: Record<CategoryTranslationLanguage, { title: string; description: string }>;
  source: ImageSource;
  file: File | null;
  /** The chosen library image's filename. */
  libraryImage: string | null;
}

/** A field's path as the server names it in `errors[].field`: `title`, `translations.fr.title`, `banner`. */
export type BannerFieldErrors = Partial<Record<string, FieldMessageKey>>;

/** The form's starting values: the banner's own, or the spec's defaults (order 0, Active) for a new one. */
export function formValuesOf(banner: AdminBanner | null, nextOrder = 0): BannerFormValues {
  const translations = Object.fromEntries(
    CATEGORY_TRANSLATION_LANGUAGES.map((language) => [
      language,
      {
        title: banner?.translations[language]?.title ?? '',
        description: banner?.translations[language]?.description ?? '',
      },
    ]),
  ) as BannerFormValues['translations'];
  return {
    title: banner?.title ?? '',
    description: banner?.description ?? '',
    order: String(banner?.order ?? nextOrder),
    isActive: banner?.isActive ?? true,
    translations,
    source: banner?.imageSource === 'library' ? 'library' : 'upload',
    file: null,
    libraryImage: null,
  };
}

/**
 * Checks the form with the server's own schema, and that a new banner has a picture ('Please select a
 * banner image'): the call to make, or one translatable message per field (translations by their path).
 */
export function checkBannerForm(
  values: BannerFormValues,
  banner: AdminBanner | null,
): { ok: true; save: Omit<BannerSave, 'onProgress'> } | { ok: false; errors: BannerFieldErrors } {
  const errors: BannerFieldErrors = {};
  const picture = values.source === 'upload' ? values.file : values.libraryImage;
  // An edit keeps its picture unless a new one is chosen; a banner whose picture was deleted needs one.
  if (!picture && (!banner || banner.fullUrl === null)) errors.banner = 'errors.BANNER_IMAGE_REQUIRED';
  const result = bannerFieldsSchema.safeParse({
    title: values.title,
    description: values.description,
    order: values.order,
    isActive: values.isActive,
    translations: values.translations,
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.join('.');
      if (field && !errors[field] && isFieldMessageKey(issue.message)) errors[field] = issue.message;
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    save: {
      id: banner?._id ?? null,
      title: result.data.title,
      description: result.data.description,
      order: result.data.order,
      isActive: result.data.isActive,
      translations: result.data.translations,
      file: values.source === 'upload' ? values.file : null,
      libraryImage: values.source === 'library' ? values.libraryImage : null,
      expectedUpdatedAt: banner?.updatedAt,
    },
  };
}

/**
 * The field errors a refused save carried: the server's validation keys by field, and a missing or
 * refused picture under the picture.
 */
export function serverBannerErrors(error: unknown): BannerFieldErrors {
  const errors: BannerFieldErrors = {};
  for (const { field, key } of serverFieldErrors(error))
    errors[field === 'libraryImage' ? 'banner' : field] ??= key;
  const code = (error as { code?: unknown } | null)?.code;
  const status = (error as { status?: unknown } | null)?.status;
  if (code === 'BANNER_IMAGE_REQUIRED') errors.banner = 'errors.BANNER_IMAGE_REQUIRED';
  else if (code === 'IMAGE_TOO_LARGE' || status === 413) errors.banner = 'validation.bannerFileTooLarge';
  else if (code === 'IMAGE_INVALID' || code === 'IMAGE_NOT_FOUND' || code === 'INVALID_FILENAME')
    errors.banner = `errors.${code}` as FieldMessageKey;
  return errors;
}

/** Whether any translation field holds an error (the Translations section then opens itself). */
export function hasTranslationError(errors: BannerFieldErrors): boolean {
  return Object.keys(errors).some((field) => field.startsWith('translations.'));
}
