import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../lib/format-number';
import { CloseIcon, RefreshIcon } from '../ui/icons';
import { FieldNotes } from './form-field';
import { useFileDrop } from './use-file-drop';

/**
 * The parts every file picker of the app is made of (FileDropField, ImageDropField and the upload form's
 * cover): a label, a real file input (keyboards and screen readers use it as is) inside a drop zone, the
 * chosen file's view, a hint and an error. Text-free: each picker passes its strings in, already translated,
 * so a public page never loads the admin catalog for them.
 */

export interface DropZoneTexts {
  /** 'Choose an image' */
  choose: string;
  /** 'or drag and drop it here' */
  drop: string;
  /** Shown instead of both while a file hovers the zone: 'Drop the image here'. */
  dropNow: string;
}

export interface DropZoneFieldProps {
  id: string;
  label: string;
  /** Marks the label with a star. */
  required?: boolean;
  /** The input's own `required` (default `required`): false when a saved file already stands in. */
  inputRequired?: boolean;
  name?: string;
  accept?: string;
  disabled?: boolean;
  /** The translated error shown (the picker's own check or the server's); turns the zone coral. */
  error: string | null;
  hint?: ReactNode;
  /** Every file picked in the browser's picker or dropped on the zone, unchecked. */
  onFile: (file: File) => void;
  texts: DropZoneTexts;
  /** The empty zone's picture (an icon). */
  icon: ReactNode;
  /**
   * The chosen file's view, drawn in the zone (which stays a drop target); `openPicker` opens the
   * browser's picker (a Change button). Null: the empty zone, a label that opens the picker.
   */
  chosen: ((openPicker: () => void) => ReactNode) | null;
  /** Layout classes of the chosen file's box (gap, direction). */
  chosenClassName: string;
  /** Height and padding classes of the empty zone. */
  emptyClassName: string;
  /** Size class of the empty zone's round icon badge. */
  badgeClassName?: string;
  className?: string;
}

/** One drop zone field: label, hidden input, empty zone or chosen file, hint and error. */
export function DropZoneField({
  id,
  label,
  required = false,
  inputRequired = required,
  name,
  accept,
  disabled = false,
  error,
  hint,
  onFile,
  texts,
  icon,
  chosen,
  chosenClassName,
  emptyClassName,
  badgeClassName = 'size-12',
  className,
}: DropZoneFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { dragging, handlers } = useFileDrop(onFile, disabled);
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const tone = error
    ? 'border-coral-400/70 bg-coral-400/[0.04]'
    : dragging
      ? 'border-gold-300 bg-gold-400/[0.08]'
      : 'border-white/15 bg-white/[0.02] hover:border-gold-400/60 hover:bg-gold-400/[0.04]';

  return (
    <div className={className}>
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
        required={inputRequired}
        disabled={disabled}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        className="peer sr-only"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          // Cleared so picking the same file again (after Remove) still fires a change.
          event.target.value = '';
          if (picked) onFile(picked);
        }}
      />
      {chosen ? (
        <div
          {...handlers}
          className={`flex items-center rounded-2xl border p-3 transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-gold-300 ${chosenClassName} ${tone}`}
        >
          {chosen(() => inputRef.current?.click())}
        </div>
      ) : (
        <label
          htmlFor={id}
          {...handlers}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 text-center transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-300 ${emptyClassName} ${tone}`}
        >
          <span
            className={`grid place-items-center rounded-full bg-gold-400/10 text-gold-300 ${badgeClassName}`}
          >
            {icon}
          </span>
          <span className="font-semibold text-gold-300">{dragging ? texts.dropNow : texts.choose}</span>
          {!dragging && <span className="text-sm text-ink-300">{texts.drop}</span>}
        </label>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The chosen file's name and size (in the page's language). */
export function ChosenFileFacts({ file }: { file: File }) {
  const { i18n } = useTranslation();
  return (
    <>
      <p className="truncate font-semibold text-ink-50">
        <bdi>{file.name}</bdi>
      </p>
      <p className="text-sm text-ink-400">
        <bdi>{formatFileSize(file.size, i18n.language)}</bdi>
      </p>
    </>
  );
}

/** Change (opens the picker) and Remove (left out when `remove` is not given) under a chosen file. */
export function ChosenFileActions({
  change,
  remove,
  disabled = false,
  className,
}: {
  change: { label: string; onClick: () => void };
  remove?: { label: string; onClick: () => void };
  disabled?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      <button
        type="button"
        disabled={disabled}
        onClick={change.onClick}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-gold-300 hover:bg-white/[0.06] disabled:opacity-50"
      >
        <RefreshIcon className="size-4" />
        {change.label}
      </button>
      {remove && (
        <button
          type="button"
          disabled={disabled}
          onClick={remove.onClick}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-ink-300 hover:bg-white/[0.06] hover:text-ink-50 disabled:opacity-50"
        >
          <CloseIcon className="size-4" />
          {remove.label}
        </button>
      )}
    </div>
  );
}
