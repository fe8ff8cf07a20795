import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '../ui/icons';
import { ChosenFileActions, ChosenFileFacts, DropZoneField } from './drop-zone';
import { matchesAccept } from './file-checks';

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
  const { t } = useTranslation('admin');
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

  return (
    <DropZoneField
      id={id}
      label={label}
      required={required}
      name={name}
      accept={accept}
      disabled={disabled}
      error={problem ?? error ?? null}
      hint={hint}
      onFile={pick}
      texts={{ choose: t('kit.file.choose'), drop: t('kit.file.drop'), dropNow: t('kit.file.dropNow') }}
      icon={<FileIcon />}
      emptyClassName="min-h-32 py-5"
      badgeClassName="size-11"
      chosenClassName="gap-3"
      className="min-w-0"
      chosen={
        file
          ? (openPicker) => (
              <>
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-jade-400/10 text-jade-300">
                  <FileIcon />
                </span>
                <div className="min-w-0 flex-1">
                  <ChosenFileFacts file={file} />
                </div>
                <ChosenFileActions
                  className="flex shrink-0 flex-wrap justify-end"
                  disabled={disabled}
                  change={{ label: t('kit.file.change'), onClick: openPicker }}
                  remove={{ label: t('kit.file.remove'), onClick: () => pick(null) }}
                />
              </>
            )
          : null
      }
    />
  );
}
