import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
} from '@ovation/shared/category-words';
import type { CategoryType } from '@ovation/shared/constants';
import {
  type CategoryInput,
  categoryInputSchema,
  DEFAULT_CATEGORY_COLOR,
  DEFAULT_CATEGORY_ICON,
} from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import { type FieldMessageKey, isFieldMessageKey, serverFieldErrors } from '../../../lib/validate';

/** What the Add/Edit form edits: text as typed (the sort order too), one pair of fields per language. */
export interface CategoryFormValues {
  name: string;
  description: string;
  icon: string;
  color: string;
  sortOrder: string;
  type: CategoryType;
  region: string;
  translations: Record<CategoryTranslationLanguage, { name: string; description: string }>;
}

/** A field's path as the server names it in `errors[].field`: `name`, `translations.fr.name`. */
export type CategoryFieldErrors = Partial<Record<string, FieldMessageKey>>;

/** The form's starting values: the category's own, or the spec's defaults for a new one. */
export function formValuesOf(category: Category | null): CategoryFormValues {
  const translations = Object.fromEntries(
    CATEGORY_TRANSLATION_LANGUAGES.map((language) => [
      language,
      {
        name: category?.translations[language]?.name ?? '',
        description: category?.translations[language]?.description ?? '',
      },
    ]),
  ) as CategoryFormValues['translations'];
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    icon: category?.icon ?? DEFAULT_CATEGORY_ICON,
    color: category?.color ?? DEFAULT_CATEGORY_COLOR,
    sortOrder: String(category?.sortOrder ?? 0),
    type: category?.type ?? 'continental',
    region: category?.region ?? '',
    translations,
  };
}

/** The sort order as a number when it is one; otherwise the text, so the schema names the problem. */
function sortOrderOf(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/**
 * Checks the form with the server's own schema: the body to send, or one translatable message per field
 * (translations included, by their full path).
 */
export function checkCategoryForm(
  values: CategoryFormValues,
): { ok: true; input: CategoryInput } | { ok: false; errors: CategoryFieldErrors } {
  const result = categoryInputSchema.safeParse({ ...values, sortOrder: sortOrderOf(values.sortOrder) });
  if (result.success) return { ok: true, input: result.data };
  const errors: CategoryFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (field && !errors[field] && isFieldMessageKey(issue.message)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The field errors a refused save carried: the server's validation keys, and a taken name under Name. */
export function serverCategoryErrors(error: unknown): CategoryFieldErrors {
  const errors: CategoryFieldErrors = {};
  for (const { field, key } of serverFieldErrors(error)) errors[field] ??= key;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'CATEGORY_NAME_TAKEN') errors.name = 'errors.CATEGORY_NAME_TAKEN';
  return errors;
}

/** Whether any translation field holds an error (the Translations section then opens itself). */
export function hasTranslationError(errors: CategoryFieldErrors): boolean {
  return Object.keys(errors).some((field) => field.startsWith('translations.'));
}
