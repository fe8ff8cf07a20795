import { z } from 'zod';
import { CATEGORY_TRANSLATION_LANGUAGES } from '../category-words';
import { MAX_TEXT_LENGTH } from '../constants';
import { validationMessage as message } from '../messages';
import { listQuerySchema } from './admin-list';
import { type BannerTranslations, bannerTranslationsSchema } from './catalog';
import { dataEnvelope, errorResponseSchema, messageEnvelopeSchema, pageEnvelope } from './envelope';
import { jsonTextField, libraryImageField } from './form-fields';

// ---------------------------------------------------------------------------------------------------
// Image library (the admin spec's "Image management")

/**
 * A library image's name as the server generates it: `<uuid>-<width>.webp` (the largest rendition).
 * Anything else (`..`, a slash, a backslash, another extension) is refused before any lookup.
 */
export const IMAGE_FILENAME_PATTERN = /^[0-9a-f-]{36}(-\d+)?\.webp$/;

export function isImageFilename(value: string): boolean {
  return IMAGE_FILENAME_PATTERN.test(value);
}

/** What may show an image: a home page banner, an ad, a song's cover. */
export const IMAGE_USAGE_KINDS = ['banner', 'ad', 'song'] as const;
export type ImageUsageKind = (typeof IMAGE_USAGE_KINDS)[number];

export const imageUsageSchema = z.object({
  kind: z.enum(IMAGE_USAGE_KINDS),
  id: z.string(),
  title: z.string(),
});
export type ImageUsage = z.infer<typeof imageUsageSchema>;

/**
 * Where a picture of the library came from: uploaded to the library (usable anywhere, deletable here), or
 * uploaded with one banner or ad (listed so the admin finds it, and where it shows; it goes with its owner).
 */
export const IMAGE_SOURCES = ['library', 'banner', 'ad'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];
/** The source filter of GET /admin/images: `all` is every source; `library` (the default) library uploads only. */
export const IMAGE_SOURCE_FILTERS = ['all', ...IMAGE_SOURCES] as const;
export type ImageSourceFilter = (typeof IMAGE_SOURCE_FILTERS)[number];

/**
 * GET /admin/images: the list contract (the search matches the server's file name or the name the file had
 * when uploaded, ignoring case) plus `source`.
 */
export const adminImagesQuerySchema = listQuerySchema.extend({
  source: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(IMAGE_SOURCE_FILTERS).optional())
    .transform((value) => value ?? 'library'),
});
export type AdminImagesQuery = z.output<typeof adminImagesQuerySchema>;

export const adminImageSchema = z.object({
  /** Server-generated, e.g. "3f1c…-1280.webp": the largest rendition, and the image's name in calls. */
  filename: z.string(),
  /** Relative, e.g. "/uploads/library/3f1c…-1280.webp". */
  url: z.string(),
  /** Absolute (PUBLIC_URL + url): what Copy URL copies. */
  fullUrl: z.string(),
  /** Every stored width, for the grid's thumbnails. */
  srcSet: z.string(),
  /** Bytes of every stored rendition together. */
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  /** What shows this image, so deleting it can say what will lose its picture. */
  usage: z.array(imageUsageSchema),
  /** Where it came from: only library uploads are deleted here (a banner's or ad's picture goes with it). */
  source: z.enum(IMAGE_SOURCES),
  /** The file's name on the uploader's computer (searchable); null when not known. */
  originalName: z.string().nullable(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;

export const adminImageListResponseSchema = pageEnvelope(adminImageSchema);
export const adminImageUploadResponseSchema = dataEnvelope(adminImageSchema);

/** The path parameter of DELETE /admin/images/{filename}; its form is checked by the service (INVALID_FILENAME). */
export const imageFilenameParamsSchema = z.object({ filename: z.string().max(300) });

/**
 * What an image's usage hashes to (the 409 IMAGE_IN_USE answer's `usageToken`): 16 hex characters of the
 * SHA-256 of its sorted `kind:id` list. Confirming a delete sends it back, so the delete goes ahead only
 * while the image still shows in exactly what the admin was told.
 */
export const IMAGE_USAGE_TOKEN_PATTERN = /^[0-9a-f]{16}$/;

/**
 * `?confirm=<usageToken>` deletes an image that is in use (its banners, ads and songs lose their picture)
 * when its usage is still the one the token was given for; an unused image needs no confirm.
 */
export const imageDeleteQuerySchema = z.object({
  confirm: z.string().regex(IMAGE_USAGE_TOKEN_PATTERN, message('formatInvalid')).optional(),
});

/** 409 IMAGE_IN_USE: the error envelope plus what would lose its picture, and the token that confirms it. */
export const imageInUseResponseSchema = errorResponseSchema.extend({
  code: z.literal('IMAGE_IN_USE'),
  usage: z.array(imageUsageSchema),
  usageToken: z.string().regex(IMAGE_USAGE_TOKEN_PATTERN),
});
export type ImageInUseResponse = z.infer<typeof imageInUseResponseSchema>;

export const imageDeleteResponseSchema = messageEnvelopeSchema;

// ---------------------------------------------------------------------------------------------------
// Banners (the admin spec's "Banner management")

/** A slideshow has few banners: the admin list is one answer, and the 51st is refused (BANNER_LIMIT). */
export const MAX_BANNERS = 50;
export const MAX_BANNER_TITLE_LENGTH = 120;
export const MAX_BANNER_ORDER = 1_000_000;

export const BANNER_IMAGE_SOURCES = ['upload', 'library'] as const;
export type BannerImageSource = (typeof BANNER_IMAGE_SOURCES)[number];

export const adminBannerSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  translations: bannerTranslationsSchema,
  order: z.number().int(),
  isActive: z.boolean(),
  /** The widest rendition; null when the banner's picture was deleted (then it is never shown publicly). */
  fullUrl: z.string().nullable(),
  srcSet: z.string(),
  /** The picture's file name (a library filename when imageSource is 'library'). */
  imageFilename: z.string().nullable(),
  /** 'upload': the banner's own picture (deleted with it); 'library': an image of the library (kept). */
  imageSource: z.enum(BANNER_IMAGE_SOURCES).nullable(),
  /** Bytes of the picture's renditions; 0 without a picture. */
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploadedBy: z.object({ name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

export const adminBannerListResponseSchema = dataEnvelope(z.array(adminBannerSchema));
export const adminBannerResponseSchema = dataEnvelope(adminBannerSchema);
export const bannerDeleteResponseSchema = messageEnvelopeSchema;

const bannerTitle = z
  .string({ error: message('titleRequired') })
  .trim()
  .min(1, message('titleRequired'))
  .max(MAX_BANNER_TITLE_LENGTH, message('bannerTitleTooLong'));

const bannerDescription = z.string().trim().max(MAX_TEXT_LENGTH, message('descriptionTooLong'));

/** One language's words; blank fields are dropped so they fall back to English. */
const bannerTranslationInputSchema = z
  .object({
    title: z.string().trim().max(MAX_BANNER_TITLE_LENGTH, message('bannerTitleTooLong')).optional(),
    description: bannerDescription.optional(),
  })
  .optional();

/** `{ fr: { title, description }, … }` as the form edits it; blanks dropped, unknown languages ignored. */
export const bannerTranslationsInputSchema = z
  .object(
    {
      fr: bannerTranslationInputSchema,
      pt: bannerTranslationInputSchema,
      ar: bannerTranslationInputSchema,
      sw: bannerTranslationInputSchema,
    },
    { error: message('translationsInvalid') },
  )
  .default({})
  .transform((input) => {
    const translations: BannerTranslations = {};
    for (const language of CATEGORY_TRANSLATION_LANGUAGES) {
      const title = input[language]?.title;
      const description = input[language]?.description;
      if (!title && !description) continue;
      translations[language] = { ...(title ? { title } : {}), ...(description ? { description } : {}) };
    }
    return translations;
  });

/** `translations` as JSON text in a multipart form; text that is not JSON is an error on that field. */
const translationsField = jsonTextField(bannerTranslationsInputSchema, 'translationsInvalid');

/** `order` from a form: a whole number of 0 or more (text in multipart, a number elsewhere). */
const orderField = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value),
  z
    .number({ error: message('bannerOrderInvalid') })
    .int(message('bannerOrderInvalid'))
    .min(0, message('bannerOrderInvalid'))
    .max(MAX_BANNER_ORDER, message('bannerOrderInvalid')),
);

/** `isActive` from a form: 'true' or 'false' (text in multipart, a boolean elsewhere). */
const activeField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value),
  z.boolean({ error: message('booleanInvalid') }),
);

/**
 * The text fields of POST /admin/banners (multipart, beside the `banner` file or a `libraryImage`):
 * title required, description, order (default 0), isActive (default true), translations (JSON text).
 */
export const bannerFieldsSchema = z.object({
  title: bannerTitle,
  description: bannerDescription.default(''),
  order: orderField.optional().transform((order) => order ?? 0),
  isActive: activeField.optional().transform((active) => active ?? true),
  translations: translationsField.optional().transform((translations) => translations ?? {}),
  libraryImage: libraryImageField,
});
export type BannerFields = z.output<typeof bannerFieldsSchema>;

/**
 * The text fields of PUT /admin/banners/{id}: every one optional (what is sent replaces what is stored;
 * `translations` replaces every language at once), plus `expectedUpdatedAt`, the banner's `updatedAt`
 * when the form opened (a later change by someone else answers 409 BANNER_EDIT_CONFLICT).
 */
export const bannerUpdateFieldsSchema = z.object({
  title: bannerTitle.optional(),
  description: bannerDescription.optional(),
  order: orderField.optional(),
  isActive: activeField.optional(),
  translations: translationsField.optional(),
  libraryImage: libraryImageField,
  expectedUpdatedAt: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.iso.datetime({ offset: true, error: message('dateInvalid') }).optional()),
});
export type BannerUpdateFields = z.output<typeof bannerUpdateFieldsSchema>;

/** PUT /admin/banners/order: every banner's id exactly once, in the new order (BANNER_ORDER_MISMATCH otherwise). */
export const bannerOrderBodySchema = z.object({
  ids: z.array(z.string().uuid()).max(MAX_BANNERS),
});
export type BannerOrderBody = z.infer<typeof bannerOrderBodySchema>;
