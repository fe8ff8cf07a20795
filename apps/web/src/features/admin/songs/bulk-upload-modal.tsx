import { BULK_UPLOAD_REQUIRED_COLUMNS, type BulkUploadResult } from '@ovation/shared/schemas/bulk-upload';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropField } from '../../../components/form/file-drop-field';
import { buttonClass } from '../../../components/ui/button-styles';
import { DownloadIcon, StrokeIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast, TOAST_ERROR_MS } from '../../../components/ui/toast';
import { useAction } from '../../../lib/use-action';
import { adminSongsKeys } from './api';
import { downloadBulkUploadTemplate, uploadBulkSongs } from './bulk-upload-api';
import {
  type CsvProblem,
  checkChosenFile,
  type PreparedUpload,
  prepareFile,
  summarize,
} from './bulk-upload-csv';
import { BulkUploadSummary, useSummaryMessage } from './bulk-upload-summary';

/** 3 s: the spec's delay before the modal closes and resets after a successful upload (the admin spec). */
const CLOSE_AFTER_SUCCESS_MS = 3000;

/** Progress steps of the admin spec: 0 when the upload starts, 50 once the file is parsed, 100 on the reply. */
const PROGRESS = { started: 0, parsed: 50, answered: 100 } as const;

function UploadIcon() {
  return (
    <StrokeIcon className="size-5 shrink-0">
      <path d="M12 16V5m0 0-4 4m4-4 4 4M5 20h14" />
    </StrokeIcon>
  );
}

/** Column names as written in the file (never translated), left to right even in Arabic. */
function Columns({ names }: { names: readonly string[] }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {names.map((name) => (
        <code key={name} dir="ltr" className="rounded-md bg-white/[0.06] px-1.5 py-0.5 text-xs text-ink-100">
          {name}
        </code>
      ))}
    </span>
  );
}

/** What the file holds: the required, category and optional columns, then the value formats. */
function TemplateColumns() {
  const { t } = useTranslation('admin-bulk-upload');
  const rows = [
    { key: 'required', names: BULK_UPLOAD_REQUIRED_COLUMNS },
    { key: 'category', names: ['category_name', 'category_id'] },
    { key: 'optional', names: ['description', 'duration', 'release_date', 'tags'] },
  ] as const;
  return (
    <div className="mt-2 text-sm text-ink-300">
      <dl
        aria-label={t('template.columns')}
        className="grid grid-cols-[auto_1fr] items-baseline gap-x-3 gap-y-2"
      >
        {rows.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-ink-400">{t(`template.${row.key}`)}</dt>
            <dd>
              {row.key === 'category' ? (
                <span className="inline-flex flex-wrap items-baseline gap-1.5">
                  <Columns names={[row.names[0]]} />
                  {t('template.or')}
                  <Columns names={[row.names[1]]} />
                </span>
              ) : (
                <Columns names={row.names} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2">{t('template.formats')}</p>
    </div>
  );
}

export interface BulkUploadModalProps {
  open: boolean;
  onClose: () => void;
}

interface UploadAttempt {
  upload: PreparedUpload;
  /** Which opening of the modal sent it: an answer arriving after the admin closed it changes nothing. */
  attempt: number;
}

/**
 * Bulk Upload (the admin spec): download the CSV template, choose a .csv file, Upload Songs
 * (disabled until a file is chosen), which first previews the upload (a dry run: what would be created
 * and refused, nothing stored), then Confirm stores it with the progress 0 → 50 → 100 and the result summary. The file is
 * parsed here with the rules shared with the server; the songs list refreshes after an upload.
 */
export function BulkUploadModal({ open, onClose }: BulkUploadModalProps) {
  const { t, i18n } = useTranslation('admin-bulk-upload');
  const summaryMessage = useSummaryMessage();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<CsvProblem | null>(null);
  /** null until an upload starts. */
  const [progress, setProgress] = useState<number | null>(null);
  const [sendingCount, setSendingCount] = useState(0);
  const [reading, setReading] = useState(false);
  const [summary, setSummary] = useState<BulkUploadResult | null>(null);
  /** The dry run's answer and the rows it checked: shown until the admin confirms or picks another file. */
  const [preview, setPreview] = useState<{ result: BulkUploadResult; upload: PreparedUpload } | null>(null);
  const attempt = useRef(0);
  const closeTimer = useRef<number | undefined>(undefined);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const progressId = useId();
  const templateHeadingId = useId();
  const fileHeadingId = useId();

  const reset = () => {
    attempt.current += 1;
    window.clearTimeout(closeTimer.current);
    setFile(null);
    setProblem(null);
    setProgress(null);
    setSendingCount(0);
    setReading(false);
    setSummary(null);
    setPreview(null);
  };
  const close = () => {
    reset();
    onCloseRef.current();
  };
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const template = useAction({
    action: () => downloadBulkUploadTemplate(),
    success: t('template.downloaded'),
    failure: t('template.failed'),
  });

  const upload = useAction({
    action: async ({ upload }: UploadAttempt) => summarize(await uploadBulkSongs(upload.songs), upload),
    // The toast says what the summary says, in the admin's language; an upload that stored nothing is
    // told as an error below.
    success: (result) => (result.successful.length > 0 ? summaryMessage(result) : null),
    failure: t('failed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: (result, variables) => {
      if (variables.attempt !== attempt.current) return;
      setProgress(PROGRESS.answered);
      setSummary(result);
      if (result.successful.length === 0) showToast(summaryMessage(result), 'error', TOAST_ERROR_MS);
      // Closes and resets 3 s after a clean success (spec). When some rows failed the modal stays open:
      // the admin needs time to read which rows and why, and closes it when done.
      if (result.failed.length === 0) closeTimer.current = window.setTimeout(close, CLOSE_AFTER_SUCCESS_MS);
    },
    onError: (_error, _message, variables) => {
      if (variables.attempt === attempt.current) setProgress(null);
    },
  });

  // The preview: the same rows sent as a dry run, so the admin sees what would be created and refused
  // before anything is stored.
  const check = useAction({
    action: async ({ upload }: UploadAttempt) => ({
      result: summarize(await uploadBulkSongs(upload.songs, { dryRun: true }), upload),
      upload,
    }),
    success: false,
    failure: t('failed'),
    onSuccess: (checked, variables) => {
      if (variables.attempt !== attempt.current) return;
      setProgress(null);
      setPreview(checked);
    },
    onError: (_error, _message, variables) => {
      if (variables.attempt === attempt.current) setProgress(null);
    },
  });

  const busy = reading || upload.isPending || check.isPending;

  const confirm = () => {
    if (!preview) return;
    setProgress(PROGRESS.parsed);
    setSendingCount(preview.upload.songs.length);
    upload.mutate({ upload: preview.upload, attempt: attempt.current });
  };

  const submit = async () => {
    const chosenProblem = checkChosenFile(file);
    if (chosenProblem || !file) {
      setProblem(chosenProblem ?? 'noFile');
      return;
    }
    const current = attempt.current;
    setProblem(null);
    setSummary(null);
    setProgress(PROGRESS.started);
    setReading(true);
    const prepared = await prepareFile(file);
    if (current !== attempt.current) return;
    setReading(false);
    if (prepared.problem) {
      setProblem(prepared.problem);
      setProgress(null);
      return;
    }
    setProgress(PROGRESS.parsed);
    setSendingCount(prepared.upload.songs.length);
    check.mutate({ upload: prepared.upload, attempt: current });
  };

  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' });
  const progressText = reading
    ? t('progress.reading')
    : progress === PROGRESS.answered
      ? t('progress.done')
      : check.isPending
        ? t('progress.checking', { count: sendingCount })
        : t('progress.sending', { count: sendingCount });

  return (
    <Modal open={open} onClose={close} title={t('title')} description={t('description')} size="lg">
      <div className="mt-6 flex flex-col gap-6">
        {summary ? (
          <BulkUploadSummary summary={summary} />
        ) : preview ? (
          <BulkUploadSummary summary={preview.result} />
        ) : (
          <>
            <section
              aria-labelledby={templateHeadingId}
              className="rounded-2xl bg-white/[0.03] p-4 ring-1 ring-white/[0.06]"
            >
              <h3 id={templateHeadingId} className="font-semibold text-ink-50">
                {t('template.heading')}
              </h3>
              <TemplateColumns />
              <button
                type="button"
                onClick={() => template.mutate()}
                disabled={template.isPending}
                aria-busy={template.isPending || undefined}
                className={buttonClass('secondary', 'md', 'mt-3 w-full sm:w-auto')}
              >
                {template.isPending ? <InlineSpinner /> : <DownloadIcon className="size-5 shrink-0" />}
                {template.isPending ? t('template.downloading') : t('template.download')}
              </button>
            </section>
            <section aria-labelledby={fileHeadingId}>
              <h3 id={fileHeadingId} className="mb-3 font-semibold text-ink-50">
                {t('file.heading')}
              </h3>
              <FileDropField
                id="bulk-upload-file"
                label={t('file.label')}
                file={file}
                onChange={(picked) => {
                  setFile(picked);
                  setProblem(null);
                  setProgress(null);
                }}
                accept=".csv,text/csv"
                wrongTypeMessage={t('problems.invalidFile')}
                check={(picked) => {
                  const found = checkChosenFile(picked);
                  return found ? t(`problems.${found}`) : null;
                }}
                error={problem ? t(`problems.${problem}`) : null}
                hint={t('file.hint')}
                required
                disabled={busy}
              />
            </section>
          </>
        )}

        {progress !== null && (
          <div>
            <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
              <label htmlFor={progressId} className="font-semibold text-ink-100">
                {t('progress.label')}
                <span className="ms-2 font-normal text-ink-400">{progressText}</span>
              </label>
              <span className="font-semibold text-ink-50 tabular-nums">{percent.format(progress / 100)}</span>
            </div>
            <progress
              id={progressId}
              max={100}
              value={progress}
              className="block h-2.5 w-full appearance-none overflow-hidden rounded-full bg-white/10 [&::-moz-progress-bar]:bg-gold-400 [&::-webkit-progress-bar]:bg-white/10 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-gold-400 [&::-webkit-progress-value]:transition-[width]"
            />
          </div>
        )}

        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          {summary ? (
            <button type="button" onClick={reset} className={buttonClass('primary', 'md', 'flex-1')}>
              <UploadIcon />
              {t('actions.again')}
            </button>
          ) : preview ? (
            <>
              <button
                type="button"
                onClick={confirm}
                disabled={busy || preview.result.successful.length === 0}
                aria-busy={busy || undefined}
                className={buttonClass('primary', 'md', 'flex-1')}
              >
                {busy ? <InlineSpinner /> : <UploadIcon />}
                {busy
                  ? t('actions.uploading')
                  : t('actions.confirm', { count: preview.result.successful.length })}
              </button>
              <button
                type="button"
                onClick={reset}
                disabled={busy}
                className={buttonClass('secondary', 'md', 'flex-1')}
              >
                {t('actions.another')}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => void submit()}
              disabled={!file || busy}
              aria-busy={busy || undefined}
              className={buttonClass('primary', 'md', 'flex-1')}
            >
              {busy ? <InlineSpinner /> : <UploadIcon />}
              {busy ? t('actions.checking') : t('actions.upload')}
            </button>
          )}
          <button type="button" onClick={close} className={buttonClass('secondary', 'md', 'flex-1')}>
            {summary ? t('actions.close') : t('actions.cancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
