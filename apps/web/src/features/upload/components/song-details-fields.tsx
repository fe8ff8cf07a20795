import { localizeCategory } from '@ovation/shared/category-words';
import { useTranslation } from 'react-i18next';
import { CONTROL_CLASS, SELECT_CLASS, SELECT_STYLE } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { AlertIcon } from '../../../components/ui/icons';
import { useCategories } from '../../../domain/categories/api/use-categories';
import { isolate } from '../../../lib/bidi';
import { useDuplicateSong } from '../api/use-duplicate-check';
import type { ErrorTarget, UploadField, UploadFormValues } from '../upload-fields';
import { LinkKindHint } from './link-kind-hint';

export interface FieldGroupProps {
  ids: Record<ErrorTarget, string>;
  values: UploadFormValues;
  onChange: (field: UploadField, value: string) => void;
  /** The translated error of a field, or null. */
  message: (target: ErrorTarget) => string | null;
}

/** Title (with the duplicate warning), artist, category and song link: what every upload needs. */
export function SongDetailsFields({
  ids,
  values,
  onChange,
  message,
  artistPlaceholder,
}: FieldGroupProps & { artistPlaceholder: string }) {
  const { t, i18n } = useTranslation('upload');
  const categories = useCategories();
  const duplicate = useDuplicateSong(values.title, values.category);
  const duplicateId = `${ids.title}-duplicate`;
  const linkKindId = `${ids.songLink}-kind`;

  return (
    <div className="grid content-start gap-5 sm:grid-cols-2">
      <FormField
        id={ids.title}
        label={t('fields.title')}
        required
        error={message('title')}
        describedBy={duplicate ? [duplicateId] : []}
        className="sm:col-span-2"
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="title"
            required
            maxLength={200}
            autoComplete="off"
            placeholder={t('fields.titlePlaceholder')}
            value={values.title}
            onChange={(event) => onChange('title', event.target.value)}
            className={CONTROL_CLASS}
          />
        )}
      </FormField>
      {duplicate && (
        <div
          id={duplicateId}
          role="status"
          className="-mt-2 flex items-start gap-2.5 rounded-xl border border-gold-400/40 bg-gold-400/[0.07] p-3 text-sm sm:col-span-2"
        >
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-gold-300" />
          <p>
            <span className="block font-semibold text-gold-200">{t('duplicate.title')}</span>
            <span className="text-ink-200">
              {t('duplicate.text', { title: isolate(duplicate.title), artist: isolate(duplicate.artist) })}
            </span>
          </p>
        </div>
      )}

      <FormField
        id={ids.artist}
        label={t('fields.artist')}
        optional
        hint={t('fields.artistHint')}
        keepHintOnError
        error={message('artist')}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            name="artist"
            maxLength={200}
            autoComplete="off"
            placeholder={artistPlaceholder}
            value={values.artist}
            onChange={(event) => onChange('artist', event.target.value)}
            className={CONTROL_CLASS}
          />
        )}
      </FormField>

      <FormField
        id={ids.category}
        label={t('fields.category')}
        required
        keepHintOnError
        hint={
          categories.isPending
            ? t('fields.categoriesLoading')
            : categories.isError
              ? t('fields.categoriesFailed')
              : undefined
        }
        error={message('category')}
      >
        {(control) => (
          <select
            {...control}
            name="category"
            required
            value={values.category}
            onChange={(event) => onChange('category', event.target.value)}
            className={`${CONTROL_CLASS} ${SELECT_CLASS}`}
            style={SELECT_STYLE}
          >
            <option value="">{t('fields.categoryPlaceholder')}</option>
            {categories.data?.map((category) => (
              <option key={category._id} value={category._id}>
                {`${category.icon} ${localizeCategory(category, i18n.language).name}`}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField
        id={ids.songLink}
        label={t('fields.songLink')}
        required
        hint={t('fields.songLinkHint')}
        keepHintOnError
        error={message('songLink')}
        describedBy={[linkKindId]}
        className="sm:col-span-2"
      >
        {(control) => (
          <>
            <input
              {...control}
              type="url"
              name="songLink"
              required
              dir="ltr"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder={t('fields.songLinkPlaceholder')}
              value={values.songLink}
              onChange={(event) => onChange('songLink', event.target.value)}
              className={`${CONTROL_CLASS} text-start rtl:text-end`}
            />
            <LinkKindHint id={linkKindId} value={values.songLink} />
          </>
        )}
      </FormField>
    </div>
  );
}
