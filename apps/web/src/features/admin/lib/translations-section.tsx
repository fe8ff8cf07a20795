import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
} from '@ovation/shared/category-words';
import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { LANGUAGES } from '@ovation/shared/languages';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { ChevronDownIcon } from '../../../components/ui/icons';

/** One language's words: the short field (a category's name, a banner's title) and the description. */
export type TranslatedWords<Short extends string> = Record<Short | 'description', string>;

/** The form's values with one language's field changed (what the section's `onChange` is given). */
export function withTranslation<
  Short extends string,
  Values extends { translations: Record<CategoryTranslationLanguage, TranslatedWords<Short>> },
>(
  values: Values,
  language: CategoryTranslationLanguage,
  field: Short | 'description',
  value: string,
): Values {
  return {
    ...values,
    translations: {
      ...values.translations,
      [language]: { ...values.translations[language], [field]: value },
    },
  };
}

interface TranslationsSectionProps<Short extends string> {
  /** Which field the short words are: `name` or `title` (also their path, `translations.fr.name`). */
  short: Short;
  /** The short field's most characters. */
  shortMaxLength: number;
  /** The English short words, shown as each language's placeholder. */
  placeholder: string;
  translations: Record<CategoryTranslationLanguage, TranslatedWords<Short>>;
  onChange: (language: CategoryTranslationLanguage, field: Short | 'description', value: string) => void;
  open: boolean;
  onToggle: () => void;
  /** The form's id for a field path (`translations`, `translations.fr.name`). */
  id: (field: string) => string;
  /** The shown error of a field path, or null. */
  errorOf: (field: string) => string | null;
  texts: {
    heading: string;
    hint: string;
    /** 'N of 4 languages translated'. */
    count: (count: number, total: number) => string;
    shortLabel: string;
    descriptionLabel: string;
  };
}

/**
 * The folded-away Translations part of the category and banner forms (spec 2 section 5): each other
 * language's short words and description, typed in that language's direction, with how many languages
 * hold any words. English lives in the form's own fields above.
 */
export function TranslationsSection<Short extends string>({
  short,
  shortMaxLength,
  placeholder,
  translations,
  onChange,
  open,
  onToggle,
  id,
  errorOf,
  texts,
}: TranslationsSectionProps<Short>) {
  const translated = CATEGORY_TRANSLATION_LANGUAGES.filter(
    (language) => translations[language][short].trim() || translations[language].description.trim(),
  ).length;
  return (
    <section className="rounded-2xl border border-white/10 bg-ink-950/40">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id('translations')}
          onClick={onToggle}
          className="flex min-h-12 w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-start hover:bg-white/[0.04]"
        >
          <span className="min-w-0">
            <span className="block font-semibold text-ink-50">{texts.heading}</span>
            <span className="block text-sm text-ink-400">
              {texts.count(translated, CATEGORY_TRANSLATION_LANGUAGES.length)}
            </span>
          </span>
          <ChevronDownIcon
            className={`size-5 shrink-0 text-ink-300 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={id('translations')} hidden={!open} className="border-t border-white/10 px-3 pt-3 pb-4 sm:px-4">
        <p className="text-sm text-ink-400">{texts.hint}</p>
        <div className="mt-4 flex flex-col gap-5">
          {CATEGORY_TRANSLATION_LANGUAGES.map((code) => {
            const language = LANGUAGES.find((each) => each.code === code)!;
            const shortField = `translations.${code}.${short}`;
            const descriptionField = `translations.${code}.description`;
            const shortError = errorOf(shortField);
            return (
              <fieldset
                key={code}
                className="min-w-0 border-t border-white/10 pt-4 sm:rounded-xl sm:border-0 sm:bg-white/[0.03] sm:p-3 sm:ring-1 sm:ring-white/[0.06]"
              >
                <legend className="float-start mb-3 flex items-center gap-2 font-semibold text-ink-100">
                  <span aria-hidden="true">{language.flag}</span>
                  {language.name}
                </legend>
                <div className="clear-both grid gap-4">
                  <FormField
                    id={id(shortField)}
                    label={`${texts.shortLabel} (${language.name})`}
                    optional
                    error={shortError}
                  >
                    {(control) => (
                      <input
                        {...control}
                        type="text"
                        lang={code}
                        dir={language.direction}
                        autoComplete="off"
                        maxLength={shortMaxLength}
                        placeholder={placeholder}
                        value={translations[code][short]}
                        onChange={(event) => onChange(code, short, event.target.value)}
                        className={inputClass(Boolean(shortError))}
                      />
                    )}
                  </FormField>
                  <TextAreaField
                    id={id(descriptionField)}
                    label={`${texts.descriptionLabel} (${language.name})`}
                    optional
                    error={errorOf(descriptionField)}
                    lang={code}
                    dir={language.direction}
                    maxLength={MAX_TEXT_LENGTH}
                    counter={false}
                    value={translations[code].description}
                    onChange={(value) => onChange(code, 'description', value)}
                  />
                </div>
              </fieldset>
            );
          })}
        </div>
      </div>
    </section>
  );
}
