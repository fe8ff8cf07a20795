import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { ClockIcon, PlayIcon } from '../../../components/ui/icons';
import { InlineSpinner } from '../../../components/ui/spinner';
import { isolate } from '../../../lib/bidi';
import type { Job } from './api';
import { RunError, RunRows, RunStatusBadge } from './run-parts';
import type { JobFormats } from './use-job-formats';

/** A relative time with the exact instant under it ('in 3 minutes' / 'Mar 3, 3:40 AM UTC'). */
function When({ iso, now, formats }: { iso: string; now: number; formats: JobFormats }) {
  return (
    <time dateTime={iso} title={formats.exact(iso)} className="block">
      <span className="block text-ink-100">{formats.relative(iso, now)}</span>
      <span className="block text-xs text-ink-400">{formats.compact(iso)}</span>
    </time>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-400 uppercase">{label}</dt>
      <dd className="mt-1 min-w-0 text-sm">{children}</dd>
    </div>
  );
}

interface JobCardProps {
  job: Job;
  formats: JobFormats;
  now: number;
  /** This job's run is under way (its button spins). */
  running: boolean;
  /** Another job's run is under way: one run by hand at a time. */
  disabled: boolean;
  onRun: (job: Job) => void;
}

/** One job: what it does, when it runs, how its last run went, and Run now. */
function JobCard({ job, formats, now, running, disabled, onRun }: JobCardProps) {
  const { t } = useTranslation('admin-jobs');
  const headingId = useId();
  const name = formats.jobName(job.name);
  const description = formats.jobDescription(job.name);
  const schedule = formats.schedule(job.schedule);
  const last = job.lastRun;
  return (
    <li
      data-testid={`job-${job.name}`}
      className="min-w-0 rounded-2xl bg-ink-950/60 p-4 ring-1 ring-white/[0.06] sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-[1_1_16rem]">
          <h3 id={headingId} className="text-base font-bold break-words text-ink-50">
            {name}
          </h3>
          {name !== job.name && (
            <p className="font-mono text-xs break-all text-ink-400">
              <bdi dir="ltr">{job.name}</bdi>
            </p>
          )}
          {description && <p className="mt-2 max-w-3xl text-sm text-ink-300">{description}</p>}
        </div>
        <button
          type="button"
          onClick={() => onRun(job)}
          disabled={running || disabled}
          aria-describedby={headingId}
          className={buttonClass('secondary', 'md', 'shrink-0')}
        >
          {running ? <InlineSpinner /> : <PlayIcon className="size-4" />}
          {running ? t('run.running') : t('run.button')}
        </button>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-4 sm:gap-x-6 xl:grid-cols-4">
        <Fact label={t('jobs.schedule')}>
          <span className="block text-ink-100">{schedule ?? t('jobs.cron')}</span>
          <code className="block font-mono text-xs break-all text-ink-400">
            <bdi dir="ltr">{job.schedule}</bdi>
          </code>
        </Fact>
        <Fact label={t('jobs.nextRun')}>
          {job.nextRunAt ? (
            <When iso={job.nextRunAt} now={now} formats={formats} />
          ) : (
            <span className="text-ink-400">{t('jobs.noNextRun')}</span>
          )}
        </Fact>
        <Fact label={t('jobs.lastRun')}>
          {last ? (
            <div className="flex flex-col gap-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <RunStatusBadge status={last.status} />
                <time
                  dateTime={last.startedAt}
                  title={formats.exact(last.startedAt)}
                  className="text-ink-100"
                >
                  {formats.relative(last.startedAt, now)}
                </time>
              </div>
              <p className="text-xs text-ink-400">
                {last.triggeredBy
                  ? t('jobs.triggeredBy', {
                      trigger: t(`triggers.${last.trigger}`),
                      name: isolate(last.triggeredBy.name),
                    })
                  : t(`triggers.${last.trigger}`)}
                {last.durationMs !== null && (
                  <>
                    {' · '}
                    <bdi className="whitespace-nowrap">{formats.duration(last.durationMs)}</bdi>
                  </>
                )}
              </p>
              {last.status !== 'running' && Object.keys(last.rows).length > 0 && (
                <div className="text-xs text-ink-300">
                  <RunRows run={last} formats={formats} />
                </div>
              )}
            </div>
          ) : (
            <RunStatusBadge status="never" />
          )}
        </Fact>
        <Fact label={t('jobs.lastSuccess')}>
          {job.lastSucceededAt ? (
            <When iso={job.lastSucceededAt} now={now} formats={formats} />
          ) : (
            <span className="text-ink-400">{t('jobs.neverSucceeded')}</span>
          )}
        </Fact>
      </dl>

      {last?.status === 'failed' && last.error && (
        <div className="mt-4 rounded-xl border border-coral-400/30 bg-coral-500/10 px-4 py-3 text-sm">
          <p className="font-semibold text-coral-300">{t('jobs.lastError')}</p>
          <RunError error={last.error} className="mt-1 text-coral-100" />
        </div>
      )}
    </li>
  );
}

export interface JobsListProps {
  jobs: readonly Job[] | undefined;
  formats: JobFormats;
  now: number;
  /** The job whose run by hand is under way, if any. */
  runningJob: string | null;
  onRun: (job: Job) => void;
}

/** Every scheduled job, in the server's order; placeholders while the first answer loads. */
export function JobsList({ jobs, formats, now, runningJob, onRun }: JobsListProps) {
  const { t } = useTranslation('admin-jobs');
  if (jobs?.length === 0) return <EmptyState icon={<ClockIcon />} title={t('jobs.empty')} />;
  if (!jobs) {
    return (
      <ul aria-busy="true" className="flex flex-col gap-3">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-40 animate-pulse rounded-2xl bg-white/[0.04]" />
        ))}
        <li className="sr-only" role="status">
          {t('jobs.loading')}
        </li>
      </ul>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {jobs.map((job) => (
        <JobCard
          key={job.name}
          job={job}
          formats={formats}
          now={now}
          running={runningJob === job.name}
          disabled={runningJob !== null && runningJob !== job.name}
          onRun={onRun}
        />
      ))}
    </ul>
  );
}
