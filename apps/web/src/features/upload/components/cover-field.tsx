import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/form/form-field';
import { CloseIcon, RefreshIcon, StrokeIcon } from '../../../components/ui/icons';
import { formatFileSize } from '../../../lib/format-number';
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

function ImageIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </StrokeIcon>
  );
}

/** The chosen file as a local object URL, revoked when the file changes or the field unmounts. */
function usePreviewUrl(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Album cover picker: a real file input (keyboard and screen readers use it as is) inside a drop zone,
 * with a preview of the chosen image, its name and size, and Change / Remove.
 */
export function CoverField({ id, file, onPick, onUnreadable, error, disabled = false }: CoverFieldProps) {
  const { t, i18n } = useTranslation('upload');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = usePreviewUrl(file);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onPick(dropped);
  };
  const dragHandlers = {
    onDragOver: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      if (!disabled) setDragging(true);
    },
    onDragLeave: (event: DragEvent<HTMLElement>) => {
      // Leaving for a child element is not leaving the zone.
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop,
  };

  const zoneTone = error
    ? 'border-coral-400/70 bg-coral-400/[0.04]'
    : dragging
      ? 'border-gold-300 bg-gold-400/[0.08]'
      : 'border-white/15 bg-white/[0.02] hover:border-gold-400/60 hover:bg-gold-400/[0.04]';

  return (
    <div>
      <p className="mb-1.5 text-sm font-semibold text-ink-100">
        <label htmlFor={id}>{t('cover.label')}</label>
        <span aria-hidden="true" className="ms-0.5 text-coral-300">
          *
        </span>
      </p>
      <input
        ref={inputRef}
        id={id}
        name="image"
        type="file"
        accept={COVER_ACCEPT}
        required
        disabled={disabled}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={Boolean(error)}
        className="peer sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          // Cleared so picking the same file again (after Remove) still fires a change.
          event.target.value = '';
          if (picked) onPick(picked);
        }}
      />
      {file && previewUrl ? (
        <div
          {...dragHandlers}
          className={`flex items-center gap-4 rounded-2xl border p-3 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-gold-300 md:flex-col md:items-stretch md:gap-3 ${zoneTone}`}
        >
          <img
            src={previewUrl}
            alt={t('cover.previewAlt')}
            onError={onUnreadable}
            className="size-28 shrink-0 rounded-xl bg-ink-800 object-cover shadow-lg shadow-black/40 md:aspect-square md:size-auto md:w-full"
          />
          <div className="min-w-0 flex-1 md:px-1">
            <p className="truncate font-semibold text-ink-50">
              <bdi>{file.name}</bdi>
            </p>
            <p className="text-sm text-ink-400">
              <bdi>{formatFileSize(file.size, i18n.language)}</bdi>
            </p>
            <div className="-ms-3 mt-1 flex flex-wrap">
              <button
                type="button"
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-gold-300 hover:bg-white/[0.06] disabled:opacity-50"
              >
                <RefreshIcon className="size-4" />
                {t('cover.change')}
              </button>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onPick(null)}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink-300 hover:bg-white/[0.06] hover:text-ink-50 disabled:opacity-50"
              >
                <CloseIcon className="size-4" />
                {t('cover.remove')}
              </button>
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          {...dragHandlers}
          className={`flex min-h-44 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300 ${zoneTone}`}
        >
          <span className="grid size-12 place-items-center rounded-full bg-gold-400/10 text-gold-300">
            <ImageIcon />
          </span>
          <span className="font-semibold text-gold-300">
            {dragging ? t('cover.dropNow') : t('cover.choose')}
          </span>
          {!dragging && <span className="text-sm text-ink-300">{t('cover.drop')}</span>}
        </label>
      )}
      <p id={hintId} className="mt-1.5 text-sm text-ink-400">
        {t('cover.hint')}
      </p>
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
