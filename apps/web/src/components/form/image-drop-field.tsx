import { MAX_IMAGE_BYTES } from '@ovation/shared/constants';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format-number';
import { CloseIcon, RefreshIcon, StrokeIcon } from '../ui/icons';
import { checkImageFile, type ImageProblem } from './file-checks';
import { FieldError } from './form-field';
import { useFileDrop, usePreviewUrl } from './use-file-drop';

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

function ImageIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />
    </StrokeIcon>
  );
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const previewUrl = usePreviewUrl(file);

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
  const { dragging, handlers } = useFileDrop((dropped) => pick(dropped), disabled);

  const shownError = problem ? t(PROBLEM_KEYS[problem]) : (error ?? null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shownUrl = previewUrl ?? currentUrl ?? null;
  const tone = shownError
    ? 'border-coral-400/70 bg-coral-400/[0.04]'
    : dragging
      ? 'border-gold-300 bg-gold-400/[0.08]'
      : 'border-white/15 bg-white/[0.02] hover:border-gold-400/60 hover:bg-gold-400/[0.04]';
  const maxSize = formatFileSize(MAX_IMAGE_BYTES, i18n.language);

  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-sm font-semibold text-ink-100">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span aria-hidden="true" className="ms-0.5 text-coral-300">
            *
          </span>
        )}
      </p>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept={accept}
        required={required && !currentUrl}
        disabled={disabled}
        aria-describedby={shownError ? `${hintId} ${errorId}` : hintId}
        aria-invalid={Boolean(shownError)}
        className="peer sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          // Cleared so picking the same file again (after Remove) still fires a change.
          event.target.value = '';
          if (picked) pick(picked);
        }}
      />
      {shownUrl ? (
        <div
          {...handlers}
          className={`flex items-center gap-4 rounded-2xl border p-3 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-gold-300 ${tone}`}
        >
          <img
            src={shownUrl}
            alt={file ? t('kit.image.previewAlt') : t('kit.image.currentAlt')}
            onError={() => {
              // The bytes are not an image the browser can draw, whatever the type said.
              if (!file) return;
              setProblem('notImage');
              onRefuse?.('notImage');
              onChange(null);
            }}
            className="size-24 shrink-0 rounded-xl bg-ink-800 object-cover shadow-lg shadow-black/40"
          />
          <div className="min-w-0 flex-1">
            {file ? (
              <>
                <p className="truncate font-semibold text-ink-50">
                  <bdi>{file.name}</bdi>
                </p>
                <p className="text-sm text-ink-400">
                  <bdi>{formatFileSize(file.size, i18n.language)}</bdi>
                </p>
              </>
            ) : (
              <p className="text-sm text-ink-300">{t('kit.image.current')}</p>
            )}
            <div className="-ms-3 mt-1 flex flex-wrap">
              <button
                type="button"
                disabled={disabled}
                onClick={() => inputRef.current?.click()}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-gold-300 hover:bg-white/[0.06] disabled:opacity-50"
              >
                <RefreshIcon className="size-4" />
                {t('kit.image.change')}
              </button>
              {file && (
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => pick(null)}
                  className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink-300 hover:bg-white/[0.06] hover:text-ink-50 disabled:opacity-50"
                >
                  <CloseIcon className="size-4" />
                  {t('kit.image.remove')}
                </button>
              )}
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          {...handlers}
          className={`flex min-h-40 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300 ${tone}`}
        >
          <span className="grid size-12 place-items-center rounded-full bg-gold-400/10 text-gold-300">
            <ImageIcon />
          </span>
          <span className="font-semibold text-gold-300">
            {dragging ? t('kit.image.dropNow') : t('kit.image.choose')}
          </span>
          {!dragging && <span className="text-sm text-ink-300">{t('kit.image.drop')}</span>}
        </label>
      )}
      <p id={hintId} className="mt-1.5 text-sm text-ink-400">
        {hint ?? t('kit.image.hint', { size: maxSize })}
      </p>
      {shownError && <FieldError id={errorId}>{shownError}</FieldError>}
    </div>
  );
}
