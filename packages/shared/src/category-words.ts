import type { BannerTranslations, CategoryTranslations } from './schemas/catalog';

/**
 * The languages a category's name and description may be translated into; English lives in the
 * category's own columns. Kept apart from the schemas (no zod) so public pages import it cheaply.
 */
export const CATEGORY_TRANSLATION_LANGUAGES = ['fr', 'pt', 'ar', 'sw'] as const;
export type CategoryTranslationLanguage = (typeof CATEGORY_TRANSLATION_LANGUAGES)[number];

/** The translation for `language` ('fr-CA' reads 'fr'), or undefined for English and unknown languages. */
function translationFor<T>(
  translations: Partial<Record<CategoryTranslationLanguage, T>> | undefined,
  language: string,
): T | undefined {
  const code = language.split('-')[0] as CategoryTranslationLanguage;
  return (CATEGORY_TRANSLATION_LANGUAGES as readonly string[]).includes(code)
    ? translations?.[code]
    : undefined;
}

/**
 * A category's name and description in `language`, each falling back to English (the columns) when the
 * translation is missing or blank. The one place every screen takes a category's words from.
 */
export function localizeCategory(
  category: { name: string; description?: string; translations?: CategoryTranslations },
  language: string,
): { name: string; description: string } {
  const translation = translationFor(category.translations, language);
  return {
    name: translation?.name?.trim() || category.name,
    description: translation?.description?.trim() || (category.description ?? ''),
  };
}

/**
 * A banner's title and description in `language`, each falling back to English when the translation is
 * missing or blank: what the home slideshow and the banners screen show.
 */
export function localizeBanner(
  banner: { title: string; description?: string; translations?: BannerTranslations },
  language: string,
): { title: string; description: string } {
  const translation = translationFor(banner.translations, language);
  return {
    title: translation?.title?.trim() || banner.title,
    description: translation?.description?.trim() || (banner.description ?? ''),
  };
}
