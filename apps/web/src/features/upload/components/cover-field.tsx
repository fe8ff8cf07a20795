import { useTranslation } from 'react-i18next';
import { ImageDropZone } from '../../../components/form/image-drop-zone';
import { COVER_ACCEPT } from '../cover-file';

interface CoverFieldProps {
  id: string;
  file: File | null;
  /** Every pick (input or drop) goes through the parent, which checks type and size. */
  onPick: (file: File | null) => void;
  /** The preview failed to decode: the file is not really an image. */
  onUnreadable: () => void;
  error: string | null;
  disabled?: boolean;
}

/**
 * Album cover picker: the kit's image drop zone with the upload form's own words, in the form's narrow
 * column (the preview stacks above the file's name from `md` up). The form checks every pick itself.
 */
export function CoverField({ id, file, onPick, onUnreadable, error, disabled = false }: CoverFieldProps) {
  const { t } = useTranslation('upload');
  return (
    <ImageDropZone
      id={id}
      label={t('cover.label')}
      file={file}
      onPick={onPick}
      onUnreadable={onUnreadable}
      error={error}
      hint={t('cover.hint')}
      texts={{
        choose: t('cover.choose'),
        drop: t('cover.drop'),
        dropNow: t('cover.dropNow'),
        change: t('cover.change'),
        remove: t('cover.remove'),
        previewAlt: t('cover.previewAlt'),
      }}
      required
      disabled={disabled}
      accept={COVER_ACCEPT}
      name="image"
      layout="column"
    />
  );
}
