import { useTranslation } from 'react-i18next';
import type { JobRun, JobRunStatus } from './api';
import type { JobFormats } from './use-job-formats';

const STATUS_TONES: Record<JobRunStatus | 'never', string> = {
  succeeded: 'bg-jade-400/15 text-jade-300',
  failed: 'bg-coral-500/15 text-coral-300',
  running: 'bg-gold-400/15 text-gold-200',
  abandoned: 'bg-coral-500/10 text-coral-200',
  never: 'bg-white/[0.06] text-ink-300',
};

/**
 * A run's outcome as a coloured word: Succeeded, Failed, Running, Abandoned (with why, as its tooltip), or
 * Never run for a job with no run yet.
 */
export function RunStatusBadge({ status }: { status: JobRunStatus | 'never' }) {
  const { t } = useTranslation('admin-jobs');
  return (
    <span
      title={status === 'abandoned' ? t('statusHints.abandoned') : undefined}
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONES[status]}`}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** Who or what started a run: Scheduled, Command line, or Admin with the admin's name. */
export function RunTrigger({ run }: { run: JobRun }) {
  const { t } = useTranslation('admin-jobs');
  return (
    <span className="block min-w-0">
      <span className="block">{t(`triggers.${run.trigger}`)}</span>
      {run.triggeredBy && (
        <bdi className="block text-xs break-words text-ink-400">{run.triggeredBy.name}</bdi>
      )}
    </span>
  );
}

/** The rows a run touched, one kind a line ('Code mail requests: 3'); nothing when it reported none. */
export function RunRows({ run, formats }: { run: JobRun; formats: JobFormats }) {
  const rows = formats.rows(run.rows);
  if (rows.length === 0) return <span className="text-ink-400">—</span>;
  return (
    <ul className="min-w-0">
      {rows.map((row) => (
        <li key={row.key} className="break-words tabular-nums">
          {row.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A failed run's error: the job's own message, in English for the operator, so it keeps its own direction in
 * Arabic. Long words (a path, an identifier) wrap anywhere: the text never widens its column or the page.
 */
export function RunError({ error, className = '' }: { error: string; className?: string }) {
  return (
    <p dir="auto" lang="en" className={`text-start [overflow-wrap:anywhere] ${className}`}>
      {error}
    </p>
  );
}
