import { ImageIcon } from '../ui/icons';
import { ChosenFileActions, ChosenFileFacts, DropZoneField, type DropZoneTexts } from './drop-zone';
import { usePreviewUrl } from './use-file-drop';

export interface ImageDropZoneTexts extends DropZoneTexts {
  change: string;
  remove: string;
  /** The preview's alternative text. */
  previewAlt: string;
  /** With `currentUrl`: the saved image's alternative text, and the line beside it. */
  currentAlt?: string;
  current?: string;
}

export interface ImageDropZoneProps {
  id: string;
  label: string;
  /** The chosen file (null: none yet). */
  file: File | null;
  /** Every file picked or dropped, unchecked (the caller checks it); null on Remove. */
  onPick: (file: File | null) => void;
  /** The preview of the chosen file failed to decode: it is not an image the browser can draw. */
  onUnreadable: () => void;
  /** The image already saved (an edit): shown until a new file is chosen. */
  currentUrl?: string | null;
  /** The translated error to show, whatever its source. */
  error: string | null;
  hint: string;
  texts: ImageDropZoneTexts;
  required?: boolean;
  disabled?: boolean;
  accept?: string;
  name?: string;
  /**
   * 'row' (default): the preview beside the file's name. 'column': for a narrow column beside a form, a
   * taller zone and, from `md` up, the preview stacked above the name at the column's full width.
   */
  layout?: 'row' | 'column';
  className?: string;
}

const LAYOUTS = {
  row: {
    chosen: 'gap-4',
    image: 'size-24',
    details: 'min-w-0 flex-1',
    empty: 'min-h-40 py-6',
  },
  column: {
    chosen: 'gap-4 md:flex-col md:items-stretch md:gap-3',
    image: 'size-28 md:aspect-square md:size-auto md:w-full',
    details: 'min-w-0 flex-1 md:px-1',
    empty: 'min-h-44 py-6',
  },
} as const;

/**
 * An image picker with a preview, without strings or checks of its own: the caller passes its texts and
 * decides what a picked file means. ImageDropField is this with the admin kit's texts and the 5 MB check;
 * the public upload form uses it with its own texts and cover rules.
 */
export function ImageDropZone({
  id,
  label,
  file,
  onPick,
  onUnreadable,
  currentUrl,
  error,
  hint,
  texts,
  required = false,
  disabled = false,
  accept,
  name,
  layout = 'row',
  className,
}: ImageDropZoneProps) {
  const previewUrl = usePreviewUrl(file);
  // The chosen file's preview (while it is being made, the saved image); no file: the saved image.
  const shownUrl = (file ? previewUrl : null) ?? currentUrl ?? null;
  const look = LAYOUTS[layout];

  return (
    <DropZoneField
      id={id}
      label={label}
      required={required}
      inputRequired={required && !currentUrl}
      name={name}
      accept={accept}
      disabled={disabled}
      error={error}
      hint={hint}
      onFile={onPick}
      texts={texts}
      icon={<ImageIcon className="size-6" />}
      emptyClassName={look.empty}
      chosenClassName={look.chosen}
      className={className}
      chosen={
        shownUrl
          ? (openPicker) => (
              <>
                <img
                  src={shownUrl}
                  alt={file ? texts.previewAlt : texts.currentAlt}
                  onError={() => {
                    // The bytes are not an image the browser can draw, whatever the type said.
                    if (file) onUnreadable();
                  }}
                  className={`shrink-0 rounded-xl bg-ink-800 object-cover shadow-lg shadow-black/40 ${look.image}`}
                />
                <div className={look.details}>
                  {file ? (
                    <ChosenFileFacts file={file} />
                  ) : (
                    <p className="text-sm text-ink-300">{texts.current}</p>
                  )}
                  <ChosenFileActions
                    className="-ms-3 mt-1 flex flex-wrap"
                    disabled={disabled}
                    change={{ label: texts.change, onClick: openPicker }}
                    remove={file ? { label: texts.remove, onClick: () => onPick(null) } : undefined}
                  />
                </div>
              </>
            )
          : null
      }
    />
  );
}
