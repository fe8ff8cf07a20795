import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format-number';
import { CloseIcon, RefreshIcon, StrokeIcon } from '../ui/icons';
import { matchesAccept } from './file-checks';
import { FieldError } from './form-field';
import { useFileDrop } from './use-file-drop';

export interface FileDropFieldProps {
  id: string;
  label: string;
  file: File | null;
  /** Receives a file that passed `accept` and `check`, or null on Remove. */
  onChange: (file: File | null) => void;
  /** The picker's filter, also applied to dropped files: '.csv,text/csv'. */
  accept?: string;
  /** The text shown when a file does not match `accept` ('Please select a valid CSV file'). */
  wrongTypeMessage?: string;
  /** A further check of the picked file: a translated error, or null to accept it. */
  check?: (file: File) => string | null;
  /** An error from outside (the server's answer), translated. */
  error?: string | null;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
}

function FileIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </StrokeIcon>
  );
}

/**
 * A file picker for imports (the bulk upload CSV): drag and drop or browse, the chosen file's name and
 * size, Change and Remove. A file outside `accept` is refused with `wrongTypeMessage`.
 */
export function FileDropField({
  id,
  label,
  file,
  onChange,
  accept,
  wrongTypeMessage,
  check,
  error,
  hint,
  required = false,
  disabled = false,
  name,
}: FileDropFieldProps) {
  const { t, i18n } = useTranslation('admin');
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (picked: File | null) => {
    if (!picked) {
      setProblem(null);
      onChange(null);
      return;
    }
    const refused = !matchesAccept(picked, accept)
      ? (wrongTypeMessage ?? t('kit.file.wrongType'))
      : (check?.(picked) ?? null);
    setProblem(refused);
    if (!refused) onChange(picked);
  };
  const { dragging, handlers } = useFileDrop((dropped) => pick(dropped), disabled);

  const shownError = problem ?? error ?? null;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', shownError ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const tone = shownError
    ? 'border-coral-400/70 bg-coral-400/[0.04]'
    : dragging
      ? 'border-gold-300 bg-gold-400/[0.08]'
      : 'border-white/15 bg-white/[0.02] hover:border-gold-400/60 hover:bg-gold-400/[0.04]';

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
        required={required}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={Boolean(shownError)}
        className="peer sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (picked) pick(picked);
        }}
      />
      {file ? (
        <div
          {...handlers}
          className={`flex items-center gap-3 rounded-2xl border p-3 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-gold-300 ${tone}`}
        >
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-jade-400/10 text-jade-300">
            <FileIcon />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-ink-50">
              <bdi>{file.name}</bdi>
            </p>
            <p className="text-sm text-ink-400">
              <bdi>{formatFileSize(file.size, i18n.language)}</bdi>
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap justify-end">
            <button
              type="button"
              disabled={disabled}
              onClick={() => inputRef.current?.click()}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-gold-300 hover:bg-white/[0.06] disabled:opacity-50"
            >
              <RefreshIcon className="size-4" />
              {t('kit.file.change')}
            </button>
            <button
              type="button"
              disabled={disabled}
              onClick={() => pick(null)}
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink-300 hover:bg-white/[0.06] hover:text-ink-50 disabled:opacity-50"
            >
              <CloseIcon className="size-4" />
              {t('kit.file.remove')}
            </button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          {...handlers}
          className={`flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-5 text-center transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300 ${tone}`}
        >
          <span className="grid size-11 place-items-center rounded-full bg-gold-400/10 text-gold-300">
            <FileIcon />
          </span>
          <span className="font-semibold text-gold-300">
            {dragging ? t('kit.file.dropNow') : t('kit.file.choose')}
          </span>
          {!dragging && <span className="text-sm text-ink-300">{t('kit.file.drop')}</span>}
        </label>
      )}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-ink-400">
          {hint}
        </p>
      )}
      {shownError && <FieldError id={errorId}>{shownError}</FieldError>}
    </div>
  );
}
