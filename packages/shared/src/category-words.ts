import type { CategoryTranslations } from './schemas/catalog';

/**
 * The languages a category's name and description may be translated into; English lives in the
 * category's own columns. Kept apart from the schemas (no zod) so public pages import it cheaply.
 */
export const CATEGORY_TRANSLATION_LANGUAGES = ['fr', 'pt', 'ar', 'sw'] as const;
export type CategoryTranslationLanguage = (typeof CATEGORY_TRANSLATION_LANGUAGES)[number];

/**
 * A category's name and description in `language`, each falling back to English (the columns) when the
 * translation is missing or blank. The one place every screen takes a category's words from.
 */
export function localizeCategory(
  category: { name: string; description?: string; translations?: CategoryTranslations },
  language: string,
): { name: string; description: string } {
  const code = language.split('-')[0] as CategoryTranslationLanguage;
  const translation = (CATEGORY_TRANSLATION_LANGUAGES as readonly string[]).includes(code)
    ? category.translations?.[code]
    : undefined;
  return {
    name: translation?.name?.trim() || category.name,
    description: translation?.description?.trim() || (category.description ?? ''),
  };
}
