import { localizeCategory } from '@ovation/shared/category-words';
import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { type AdminSong, songEditFieldsSchema } from '@ovation/shared/schemas/admin-songs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/dialog/form-modal';
import { inputClass } from '../../../components/form/control-styles';
import { FormField } from '../../../components/form/form-field';
import { ImageDropField } from '../../../components/form/image-drop-field';
import { SelectField } from '../../../components/form/select-field';
import { TextAreaField } from '../../../components/form/text-area-field';
import { valuesChanged } from '../../../components/form/use-dialog-form';
import { useAction } from '../../../lib/use-action';
import { type FieldErrors, serverFieldErrors, validateWith } from '../../../lib/validate';
import { adminCategoryListQuery } from '../lib/category-names';
import { adminSongsKeys, updateSong } from './api';

type EditField = 'title' | 'artist' | 'songLink' | 'description' | 'albumCover' | 'categoryId';
const EDIT_FIELDS: readonly EditField[] = [
  'title',
  'artist',
  'songLink',
  'description',
  'albumCover',
  'categoryId',
];

interface EditSongModalProps {
  /** The song being edited; null when the modal is closed. */
  song: AdminSong | null;
  onClose: () => void;
}

/**
 * Edit Song (the admin spec): title, artist, song link, description, the album cover as a link or
 * an uploaded image, and the category (a song with votes stays where they were cast: see CategoryField). Checked with the server's own schema before sending; the server's field errors show
 * under their fields. The song's `updatedAt` travels with the edit, so a change made meanwhile by another
 * admin is refused (and said so) instead of being overwritten.
 */
const valuesOf = (song: AdminSong | null) => ({
  title: song?.title ?? '',
  artist: song?.artist ?? '',
  songLink: song?.songLink ?? '',
  description: song?.description ?? '',
  albumCover: '',
  categoryId: song?.category._id ?? '',
});

export function EditSongModal({ song, onClose }: EditSongModalProps) {
  const { t } = useTranslation('admin-songs');
  const { t: tShell } = useTranslation();
  const [values, setValues] = useState(() => valuesOf(song));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The form starts again from the song's current values whenever another song (or version) opens.
  const [shown, setShown] = useState(song);
  if (song !== shown) {
    setShown(song);
    if (song) {
      setValues(valuesOf(song));
      setFile(null);
      setErrors({});
      setFailure(null);
    }
  }

  const save = useAction({
    action: updateSong,
    success: t('toast.updated'),
    failure: t('toast.updateFailed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: onClose,
    // The modal stays open on a failure (and a toast would sit under its backdrop): the message shows in it.
    toastOnError: false,
    onError: (error, message) => {
      const found: FieldErrors<EditField> = {};
      for (const { field, key } of serverFieldErrors(error)) {
        if ((EDIT_FIELDS as readonly string[]).includes(field)) found[field as EditField] ??= key;
      }
      setErrors(found);
      setFailure(Object.keys(found).length > 0 ? null : message);
    },
  });

  const submit = () => {
    if (!song) return;
    const checked = validateWith<typeof songEditFieldsSchema, EditField>(songEditFieldsSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate({ id: song._id, ...values, file, expectedUpdatedAt: song.updatedAt });
  };

  const change = (name: EditField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };

  const errorOf = (name: EditField) => (errors[name] ? tShell(errors[name]) : null);

  const textField = (
    name: 'title' | 'artist' | 'songLink',
    label: string,
    extra: { type?: string; hint?: string } = {},
  ) => (
    <FormField id={`edit-song-${name}`} label={label} required hint={extra.hint} error={errorOf(name)}>
      {(control) => (
        <input
          {...control}
          type={extra.type ?? 'text'}
          dir={extra.type === 'url' ? 'ltr' : 'auto'}
          required
          value={values[name]}
          onChange={(event) => change(name, event.target.value)}
          className={inputClass(Boolean(errorOf(name)))}
        />
      )}
    </FormField>
  );

  return (
    <FormModal
      open={song !== null}
      title={t('edit.title')}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('edit.save')}
      busyLabel={t('edit.saving')}
      busy={save.isPending}
      error={failure}
      size="lg"
      dirty={song !== null && song === shown && (file !== null || valuesChanged(valuesOf(song), values))}
    >
      {textField('title', t('edit.songTitle'))}
      {textField('artist', t('edit.artist'))}
      {textField('songLink', t('edit.songLink'), { type: 'url', hint: t('edit.songLinkHint') })}
      <CategoryField
        song={song}
        value={values.categoryId}
        error={errorOf('categoryId')}
        onChange={(value) => change('categoryId', value)}
      />
      <TextAreaField
        id="edit-song-description"
        label={t('edit.description')}
        optional
        error={errorOf('description')}
        dir="auto"
        maxLength={MAX_TEXT_LENGTH}
        value={values.description}
        onChange={(value) => change('description', value)}
      />
      <FormField
        id="edit-song-cover-url"
        label={t('edit.coverUrl')}
        optional
        hint={t('edit.coverUrlHint')}
        error={errorOf('albumCover')}
      >
        {(control) => (
          <input
            {...control}
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder="https://"
            value={values.albumCover}
            disabled={file !== null}
            onChange={(event) => change('albumCover', event.target.value)}
            className={inputClass(Boolean(errorOf('albumCover')))}
          />
        )}
      </FormField>
      <ImageDropField
        id="edit-song-cover-file"
        label={t('edit.coverUpload')}
        file={file}
        onChange={(picked) => {
          setFile(picked);
          setErrors(({ albumCover: _cleared, ...rest }) => rest);
        }}
        currentUrl={song?.albumCover}
        hint={t('edit.coverHint')}
      />
    </FormModal>
  );
}

/**
 * The song's category. Each vote counts in the category it was cast in, so a song that has votes cannot
 * move (the server refuses it too, also for votes set aside or void): the field is locked and says so,
 * pointing at Copy. A song nobody voted for moves freely.
 */
function CategoryField({
  song,
  value,
  error,
  onChange,
}: {
  song: AdminSong | null;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('admin-songs');
  const categories = useQuery({ ...adminCategoryListQuery, enabled: song !== null });
  const votes = song?.totalVotes ?? 0;
  const options = (categories.data ?? []).map((category) => ({
    value: category._id,
    label: localizeCategory(category, i18n.language).name,
  }));
  // Until the list arrives, the song's own category stands alone so the field never shows empty.
  if (song && !options.some((option) => option.value === song.category._id)) {
    options.unshift({ value: song.category._id, label: song.category.name });
  }
  return (
    <SelectField
      id="edit-song-category"
      label={t('edit.category')}
      required
      value={value}
      options={options}
      onChange={onChange}
      disabled={votes > 0}
      error={error}
      hint={
        votes > 0
          ? t('edit.categoryLocked', {
              count: votes,
              number: new Intl.NumberFormat(i18n.language).format(votes),
            })
          : t('edit.categoryHint')
      }
      keepHintOnError
    />
  );
}
