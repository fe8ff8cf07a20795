import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format-number';
import { checkImageFile, type ImageProblem } from './file-checks';
import { ImageDropZone, type ImageDropZoneTexts } from './image-drop-zone';

export interface ImageDropFieldProps {
  id: string;
  label: string;
  /** The chosen file (null: none yet). */
  file: File | null;
  /** Receives a file that passed the checks, or null on Remove. A refused file is never handed over. */
  onChange: (file: File | null) => void;
  /** The image already saved (an edit): shown until a new file is chosen. */
  currentUrl?: string | null;
  /** An error from outside (the server's answer), translated. The field's own checks show theirs. */
  error?: string | null;
  /** Default: 'Images up to 5 MB'. */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  /** The picker's filter (default every image type). */
  accept?: string;
  /** The form field name, for a form read with FormData. */
  name?: string;
  /** Told when a file is refused (to log or toast it as well). */
  onRefuse?: (problem: ImageProblem) => void;
}

/** The drop zone's words in the admin kit (for a form that uses ImageDropZone with checks of its own). */
export function useImageDropTexts(): ImageDropZoneTexts {
  const { t } = useTranslation('admin');
  return {
    choose: t('kit.image.choose'),
    drop: t('kit.image.drop'),
    dropNow: t('kit.image.dropNow'),
    change: t('kit.image.change'),
    remove: t('kit.image.remove'),
    previewAlt: t('kit.image.previewAlt'),
    currentAlt: t('kit.image.currentAlt'),
    current: t('kit.image.current'),
  };
}

const PROBLEM_KEYS = { notImage: 'kit.image.notImage', tooLarge: 'kit.image.tooLarge' } as const;

/**
 * An image picker: drag and drop or browse (a real file input, so keyboards and screen readers use it as
 * is), a preview with the file's name and size, Change and Remove. Refuses a non-image ('Please select an
 * image file.') and one over 5 MB ('Image size must be less than 5MB.', MAX_IMAGE_BYTES) before anything
 * is sent.
 */
export function ImageDropField({
  id,
  label,
  file,
  onChange,
  currentUrl,
  error,
  hint,
  required = false,
  disabled = false,
  accept = 'image/*',
  name,
  onRefuse,
}: ImageDropFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const [problem, setProblem] = useState<ImageProblem | null>(null);

  const pick = (picked: File | null) => {
    if (!picked) {
      setProblem(null);
      onChange(null);
      return;
    }
    const refused = checkImageFile(picked);
    setProblem(refused);
    if (refused) onRefuse?.(refused);
    else onChange(picked);
  };

  return (
    <ImageDropZone
      id={id}
      label={label}
      file={file}
      onPick={pick}
      onUnreadable={() => {
        setProblem('notImage');
        onRefuse?.('notImage');
        onChange(null);
      }}
      currentUrl={currentUrl}
      error={problem ? t(PROBLEM_KEYS[problem]) : (error ?? null)}
      hint={hint ?? t('kit.image.hint', { size: formatFileSize(MAX_IMAGE_BYTES, i18n.language) })}
      texts={useImageDropTexts()}
      required={required}
      disabled={disabled}
      accept={accept}
      name={name}
      className="min-w-0"
    />
  );
}
