import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { ClockIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { showToast, TOAST_ERROR_MS } from '../../../components/ui/toast';
import { accessProblem, apiErrorMessage } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { PageHeader } from '../layout/page-header';
import { Panel } from '../layout/panel';
import { useNow } from '../lib/use-now';
import {
  JOB_RUN_STATUSES,
  type Job,
  type JobRunFilters,
  jobRunsQuery,
  jobsKeys,
  jobsQuery,
  runJobNow,
} from './api';
import { JobsList } from './jobs-panel';
import { RunsTable } from './runs-table';
import { useJobFormats } from './use-job-formats';

/** The runs list's filters, kept in the URL (Back, reload and a shared link keep them). '' is every job. */
const LIST_DEFAULTS = { page: 1, job: '', status: 'all' as JobRunFilters['status'] };
const LIST_CHOICES = { status: ['all', ...JOB_RUN_STATUSES] as JobRunFilters['status'][] };
/** Relative times ('in 3 minutes') move on this often while the screen is open. */
const CLOCK_TICK_MS = 15_000;

/**
 * Scheduled jobs (/admin/jobs): every periodic job with what it does, its schedule, next run, last run and
 * last success, and Run now (confirmed, audited on the server); then the recorded runs, 20 a page, by job
 * and status. Times are in UTC, as the schedules are.
 */
export default function AdminJobsPage() {
  const { t } = useTranslation('admin-jobs');
  const formats = useJobFormats();
  const now = useNow(CLOCK_TICK_MS);
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const jobs = useQuery(jobsQuery);
  const runs = useQuery(jobRunsQuery(params));
  const [confirming, setConfirming] = useState<Job | null>(null);

  const run = useAction({
    action: runJobNow,
    success: (result, job) =>
      result.status === 'failed' ? null : t('run.succeeded', { name: isolate(formats.jobName(job.name)) }),
    failure: t('run.failed'),
    invalidate: [jobsKeys.all],
    onSuccess: (result, job) => {
      setConfirming(null);
      // The job itself failed: the call worked, but the admin must hear it as a failure.
      if (result.status === 'failed') {
        showToast(t('run.jobFailed', { name: isolate(formats.jobName(job.name)) }), 'error', TOAST_ERROR_MS);
      }
    },
    onError: () => setConfirming(null),
  });

  const error = jobs.error ?? runs.error;
  if (accessProblem(error)) return <AccessProblem error={error} />;

  const jobOptions = [
    { value: '', label: t('filters.allJobs') },
    ...(jobs.data ?? []).map((job) => ({ value: job.name, label: formats.jobName(job.name) })),
  ];
  // Until the jobs load (or for a job no longer declared), the chosen job still shows.
  if (params.job && !jobOptions.some((option) => option.value === params.job)) {
    jobOptions.push({ value: params.job, label: formats.jobName(params.job) });
  }
  const filtered = params.job !== '' || params.status !== 'all';
  const pagination = runs.data?.pagination;
  const runningJob = run.isPending ? (run.variables?.name ?? null) : null;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} back />
      <div className="flex flex-col gap-8">
        <Panel title={t('jobs.title')} testId="jobs-panel">
          <p className="-mt-2 mb-4 text-sm text-ink-400">{t('jobs.timezone')}</p>
          {jobs.isError && !jobs.data ? (
            <LoadFailed
              message={apiErrorMessage(jobs.error, t('jobs.loadFailed'))}
              onRetry={() => void jobs.refetch()}
            />
          ) : (
            <JobsList
              jobs={jobs.data}
              formats={formats}
              now={now}
              runningJob={runningJob}
              onRun={setConfirming}
            />
          )}
        </Panel>

        <ListSection
          title={t('runs.title')}
          count={
            pagination &&
            t('runs.count', { count: pagination.total, number: formats.number(pagination.total) })
          }
          pagination={pagination}
          onPage={(page) => setParams({ page })}
        >
          <div className="flex flex-col gap-4">
            <FilterBar
              label={t('filters.label')}
              selects={[
                {
                  name: 'job',
                  label: t('filters.job'),
                  value: params.job,
                  options: jobOptions,
                },
                {
                  name: 'status',
                  label: t('filters.status'),
                  value: params.status,
                  options: LIST_CHOICES.status.map((value) => ({
                    value,
                    label: value === 'all' ? t('filters.allStatuses') : t(`statuses.${value}`),
                  })),
                },
              ]}
              onApply={applyFilters}
              onClear={reset}
              applyLabel={t('filters.apply')}
              clearLabel={t('filters.clear')}
            />
            {runs.isError && !runs.data ? (
              <LoadFailed
                message={apiErrorMessage(runs.error, t('runs.loadFailed'))}
                onRetry={() => void runs.refetch()}
              />
            ) : (
              <RunsTable
                rows={runs.data?.runs}
                loading={runs.isPlaceholderData}
                formats={formats}
                empty={
                  <EmptyState
                    icon={<ClockIcon />}
                    title={t('runs.empty')}
                    description={filtered ? t('runs.emptyFiltered') : t('runs.emptyAll')}
                    clear={filtered ? { label: t('filters.clear'), onClear: reset } : undefined}
                  />
                }
              />
            )}
          </div>
        </ListSection>
      </div>

      <ConfirmDialog
        open={confirming !== null}
        title={t('run.confirmTitle')}
        description={t('run.confirmText')}
        confirmLabel={t('run.button')}
        tone="primary"
        busy={run.isPending}
        onConfirm={() => confirming && run.mutate(confirming)}
        // The run goes on if the dialog is closed: its card spins and its toast still comes.
        onCancel={() => setConfirming(null)}
      >
        {confirming && (
          <div className="mt-4 rounded-xl bg-white/[0.04] px-4 py-3" data-testid="run-job-confirm">
            <p className="font-semibold break-words text-ink-50">{formats.jobName(confirming.name)}</p>
            {formats.jobDescription(confirming.name) && (
              <p className="mt-1 text-sm text-ink-300">{formats.jobDescription(confirming.name)}</p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
