import { z } from 'zod';
import { CATEGORY_TRANSLATION_LANGUAGES } from '../category-words';
import { CATEGORY_TYPES, MAX_TEXT_LENGTH, REGIONS } from '../constants';
import { validationMessage as message } from '../messages';
import { sortableListQuery } from './admin-list';
import { type CategoryTranslations, categorySchema } from './catalog';
import { dataEnvelope, messageEnvelopeSchema, pageEnvelope } from './envelope';

/** 100 characters: a category name fits a card title and a select option. */
export const MAX_CATEGORY_NAME_LENGTH = 100;
/** 16 UTF-16 units: one emoji, even a flag or a joined sequence, or a few letters. */
export const MAX_CATEGORY_ICON_LENGTH = 16;
/** The admin spec's defaults. */
export const DEFAULT_CATEGORY_ICON = '🎵';
export const DEFAULT_CATEGORY_COLOR = '#3B82F6';
/** The integer column's comfortable range (0 up to this): far beyond any real ordering, far from int4 overflow. */
export const MAX_CATEGORY_SORT_ORDER = 1_000_000;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

const categoryName = z
  .string({ error: message('categoryNameRequired') })
  .trim()
  .min(1, message('categoryNameRequired'))
  .max(MAX_CATEGORY_NAME_LENGTH, message('categoryNameTooLong'));

const categoryDescription = z.string().trim().max(MAX_TEXT_LENGTH, message('descriptionTooLong'));

/** One language's words; blank fields are dropped so they fall back to English. */
const translationInputSchema = z
  .object({
    name: z.string().trim().max(MAX_CATEGORY_NAME_LENGTH, message('categoryNameTooLong')).optional(),
    description: categoryDescription.optional(),
  })
  .optional();

const translationsInputSchema = z
  .object({
    fr: translationInputSchema,
    pt: translationInputSchema,
    ar: translationInputSchema,
    sw: translationInputSchema,
  })
  .default({})
  .transform((input) => {
    const translations: CategoryTranslations = {};
    for (const language of CATEGORY_TRANSLATION_LANGUAGES) {
      const name = input[language]?.name;
      const description = input[language]?.description;
      if (!name && !description) continue;
      translations[language] = { ...(name ? { name } : {}), ...(description ? { description } : {}) };
    }
    return translations;
  });

/**
 * The body of POST /categories and PUT /categories/{id} (the admin spec). PUT replaces the whole
 * category, so both take the same fields with the spec's defaults. A regional category names one of the
 * REGIONS; a continental one has none (a region sent with it is dropped).
 */
export const categoryInputSchema = z
  .object({
    name: categoryName,
    description: categoryDescription.default(''),
    icon: z
      .string({ error: message('iconInvalid') })
      .trim()
      .max(MAX_CATEGORY_ICON_LENGTH, message('iconInvalid'))
      .regex(/^\S*$/u, message('iconInvalid'))
      .default(DEFAULT_CATEGORY_ICON)
      .transform((icon) => icon || DEFAULT_CATEGORY_ICON),
    color: z
      .string({ error: message('colorInvalid') })
      .trim()
      .regex(HEX_COLOR, message('colorInvalid'))
      .default(DEFAULT_CATEGORY_COLOR)
      .transform((color) => color.toUpperCase()),
    sortOrder: z
      .number({ error: message('sortOrderInvalid') })
      .int(message('sortOrderInvalid'))
      // 0 or more, as a banner's order: a negative position is no position an admin can type back.
      .min(0, message('sortOrderInvalid'))
      .max(MAX_CATEGORY_SORT_ORDER, message('sortOrderInvalid'))
      .default(0),
    type: z.enum(CATEGORY_TYPES, { error: message('categoryTypeInvalid') }).default('continental'),
    region: z
      .union([z.enum(REGIONS), z.literal(''), z.null()], { error: message('regionInvalid') })
      .optional()
      .transform((region) => region || null),
    translations: translationsInputSchema,
  })
  .superRefine((input, context) => {
    if (input.type === 'regional' && !input.region) {
      context.addIssue({ code: 'custom', path: ['region'], message: message('regionInvalid') });
    }
  })
  .transform((input) => ({ ...input, region: input.type === 'regional' ? input.region : null }));

/** What the admin form edits (before defaults and trimming). */
export type CategoryInputValues = z.input<typeof categoryInputSchema>;
/** A valid category, as the server stores it. */
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const categoryWriteResponseSchema = dataEnvelope(categorySchema);
export const categoryDeleteResponseSchema = messageEnvelopeSchema;

/** GET /admin/categories/stats (the admin spec's "Category stats"). */
export const categoryStatsSchema = z.object({
  total: z.number().int(),
  /** Every song in a category, whatever its status: the sum of the cards' song counts. */
  totalSongs: z.number().int(),
  /** Every valid vote: the sum of the cards' vote totals. */
  totalVotes: z.number().int(),
  /** totalSongs / total, to one decimal; 0 when there are no categories. */
  avgSongsPerCategory: z.number(),
});
export type CategoryStats = z.infer<typeof categoryStatsSchema>;
export const categoryStatsResponseSchema = dataEnvelope(categoryStatsSchema);

/**
 * The columns the admin categories list sorts by (`sort`): the admins' display order (then the name) by
 * default, ascending; the name; the songs of every status; the valid votes.
 */
export const ADMIN_CATEGORY_SORTS = ['sortOrder', 'name', 'songCount', 'totalVotes'] as const;
export type AdminCategorySort = (typeof ADMIN_CATEGORY_SORTS)[number];

/** GET /admin/categories: the list contract (page, limit, search in the names, sort, order). */
export const adminCategoriesQuerySchema = sortableListQuery(ADMIN_CATEGORY_SORTS, 'asc');
export type AdminCategoriesQuery = z.infer<typeof adminCategoriesQuerySchema>;
export const adminCategoryPageResponseSchema = pageEnvelope(categorySchema);
