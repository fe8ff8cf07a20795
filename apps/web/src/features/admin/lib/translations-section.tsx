import {
  CATEGORY_TRANSLATION_LANGUAGES,
  type CategoryTranslationLanguage,
} from '@ovation/shared/category-words';
import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { LANGUAGES } from '@ovation/shared/languages';
import { TextAreaField } from '../../../components/form/text-area-field';
import { TextField } from '../../../components/form/text-field';
import type { DialogForm } from '../../../components/form/use-dialog-form';
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

/** The words the section reads from the form's catalog (`translatedName` for `name`, `translatedTitle` for `title`). */
type TranslationKey<Short extends string> =
  | 'form.translations'
  | 'form.translationsHint'
  | 'form.translatedCount'
  | 'form.translatedDescription'
  | `form.translated${Capitalize<Short>}`;

interface TranslationsSectionProps<
  Short extends string,
  Values extends { translations: Record<CategoryTranslationLanguage, TranslatedWords<Short>> },
> {
  /** Which field the short words are: `name` or `title` (also their path, `translations.fr.name`). */
  short: Short;
  /** The short field's most characters. */
  shortMaxLength: number;
  /** The form: its translations, and its English short words as each language's placeholder. */
  form: DialogForm<Values, string>;
  open: boolean;
  onToggle: () => void;
  /** The form's id for a field path (`translations`, `translations.fr.name`). */
  id: (field: string) => string;
  /** The form's catalog (its `form` section). */
  t: (key: TranslationKey<Short>, options?: { count: number; total: number }) => string;
}

/**
 * The folded-away Translations part of the category and banner forms: each other language's short words
 * and description, typed in that language's direction, with how many languages hold any words. English
 * lives in the form's own fields above.
 */
export function TranslationsSection<
  Short extends string,
  Values extends Record<Short, string> & {
    translations: Record<CategoryTranslationLanguage, TranslatedWords<Short>>;
  },
>({ short, shortMaxLength, form, open, onToggle, id, t }: TranslationsSectionProps<Short, Values>) {
  const { translations } = form.values;
  const placeholder = form.values[short];
  const errorOf = form.errorText;
  const onChange = (language: CategoryTranslationLanguage, field: Short | 'description', value: string) =>
    form.setValues((current) => withTranslation(current, language, field, value));
  const capitalized = `${short.charAt(0).toUpperCase()}${short.slice(1)}` as Capitalize<Short>;
  const texts = {
    heading: t('form.translations'),
    hint: t('form.translationsHint'),
    count: (count: number, total: number) => t('form.translatedCount', { count, total }),
    shortLabel: t(`form.translated${capitalized}`),
    descriptionLabel: t('form.translatedDescription'),
  };
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
                  <TextField
                    id={id(shortField)}
                    label={`${texts.shortLabel} (${language.name})`}
                    optional
                    error={errorOf(shortField)}
                    lang={code}
                    dir={language.direction}
                    autoComplete="off"
                    maxLength={shortMaxLength}
                    placeholder={placeholder}
                    value={translations[code][short]}
                    onChange={(value) => onChange(code, short, value)}
                  />
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
