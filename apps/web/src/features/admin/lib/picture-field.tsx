import { checkImageFile } from '../../../components/form/file-checks';
import { useImageDropTexts } from '../../../components/form/image-drop-field';
import { ImageDropZone } from '../../../components/form/image-drop-zone';
import { LibraryPicker } from './library-picker';
import { type ImageSource, PictureSource } from './picture-source';

/** Why a chosen file was turned away before anything was sent. */
export type PictureRefusal = 'notImage' | 'tooLarge' | 'unreadable';

interface PictureFieldProps {
  /** The drop zone's id; the source radios are named `${id}-source`. */
  id: string;
  label: string;
  source: ImageSource;
  onSource: (source: ImageSource) => void;
  /** A new item must have a picture; an edit keeps its own unless another is chosen. */
  required: boolean;
  file: File | null;
  /** A file that passed the image and 5 MB checks, or null on Remove. */
  onFile: (file: File | null) => void;
  /** A file that did not: the form says why under the field and forgets the file. */
  onRefuse: (problem: PictureRefusal) => void;
  /** The saved picture (an edit), shown until a new one is chosen. */
  currentUrl?: string | null;
  libraryImage: string | null;
  /** The library image the item already shows (an edit), marked chosen until another is picked. */
  currentLibraryImage: string | null;
  onLibraryImage: (filename: string) => void;
  error: string | null;
  hint: string;
}

/**
 * The banner and ad forms' picture: a new file (dropped or browsed, checked for an image of at most 5 MB
 * before anything is sent) or an image of the library, as the source switch chooses.
 */
export function PictureField({
  id,
  label,
  source,
  onSource,
  required,
  file,
  onFile,
  onRefuse,
  currentUrl,
  libraryImage,
  currentLibraryImage,
  onLibraryImage,
  error,
  hint,
}: PictureFieldProps) {
  const dropTexts = useImageDropTexts();
  const pick = (picked: File | null) => {
    const problem = picked ? checkImageFile(picked) : null;
    if (problem) onRefuse(problem);
    else onFile(picked);
  };
  return (
    <PictureSource
      name={`${id}-source`}
      source={source}
      onSource={onSource}
      required={required}
      upload={
        <ImageDropZone
          id={id}
          label={label}
          file={file}
          onPick={pick}
          onUnreadable={() => onRefuse('unreadable')}
          currentUrl={currentUrl}
          error={error}
          hint={hint}
          texts={dropTexts}
          required={required}
          accept="image/*"
        />
      }
      library={
        <LibraryPicker
          value={libraryImage}
          current={currentLibraryImage}
          onChange={onLibraryImage}
          error={error}
        />
      }
    />
  );
}
