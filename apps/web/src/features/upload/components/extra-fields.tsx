import { useTranslation } from 'react-i18next';
import { CONTROL_CLASS } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { splitTags } from '../upload-fields';
import type { FieldGroupProps } from './song-details-fields';

/** Description (with its 500 counter), duration, release date and tags: all optional. */
export function ExtraFields({
  ids,
  values,
  onChange,
  message,
  disabled,
  maxDescription,
}: FieldGroupProps & { disabled: boolean; maxDescription: number }) {
  const { t } = useTranslation('upload');
  const tags = splitTags(values.tags);
  const length = values.description.length;

  return (
    <fieldset disabled={disabled} className="rounded-3xl border border-white/[0.08] bg-ink-900/80 p-4 sm:p-6">
      <legend className="contents">
        <span className="block text-lg font-bold text-ink-50">{t('fields.sectionMore')}</span>
      </legend>
      <p className="mt-0.5 text-sm text-ink-400">{t('fields.sectionMoreHint')}</p>

      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <FormField
          id={ids.description}
          label={t('fields.description')}
          optional
          error={message('description')}
          counter={{ length, max: maxDescription }}
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              name="description"
              rows={4}
              maxLength={maxDescription}
              placeholder={t('fields.descriptionPlaceholder')}
              value={values.description}
              onChange={(event) => onChange('description', event.target.value)}
              className={`${CONTROL_CLASS} min-h-28 resize-y`}
            />
          )}
        </FormField>

        <FormField
          id={ids.duration}
          label={t('fields.duration')}
          optional
          hint={t('fields.durationHint')}
          keepHintOnError
          error={message('duration')}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              name="duration"
              dir="ltr"
              autoComplete="off"
              maxLength={8}
              placeholder="3:45"
              value={values.duration}
              onChange={(event) => onChange('duration', event.target.value)}
              className={`${CONTROL_CLASS} text-start tabular-nums rtl:text-end`}
            />
          )}
        </FormField>

        <FormField
          id={ids.releaseDate}
          label={t('fields.releaseDate')}
          optional
          error={message('releaseDate')}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              name="releaseDate"
              max="2100-12-31"
              value={values.releaseDate}
              onChange={(event) => onChange('releaseDate', event.target.value)}
              className={`${CONTROL_CLASS} [color-scheme:dark]`}
            />
          )}
        </FormField>

        <FormField
          id={ids.tags}
          label={t('fields.tags')}
          optional
          hint={t('fields.tagsHint')}
          keepHintOnError
          error={message('tags')}
          className="sm:col-span-2"
        >
          {(control) => (
            <>
              <input
                {...control}
                type="text"
                name="tags"
                autoComplete="off"
                placeholder={t('fields.tagsPlaceholder')}
                value={values.tags}
                onChange={(event) => onChange('tags', event.target.value)}
                className={CONTROL_CLASS}
              />
              {tags.length > 0 && (
                <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-1.5">
                  {tags.map((tag, index) => (
                    <li
                      // Tags may repeat while typing; the position keeps keys unique.
                      key={`${tag}-${index}`}
                      className="rounded-full bg-jade-400/10 px-2.5 py-0.5 text-xs font-medium text-jade-300"
                    >
                      #{tag}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </FormField>
      </div>
    </fieldset>
  );
}
