import type { Job, JobRun, JobRunStatus } from '@ovation/shared/schemas/admin-jobs';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';

export type { Job, JobRun, JobRunStatus, JobTrigger } from '@ovation/shared/schemas/admin-jobs';
export { JOB_RUN_STATUSES, JOB_TRIGGERS } from '@ovation/shared/schemas/admin-jobs';

/**
 * How often the screen reads the jobs and the first page of runs again while it is open: the busiest job
 * runs every minute, so half a minute keeps 'last run' and 'next run' true without a Refresh button.
 */
export const JOBS_REFRESH_MS = 30_000;

/** The runs list's filters, as the URL holds them ('all' for none). */
export interface JobRunFilters {
  page: number;
  job: string;
  status: 'all' | JobRunStatus;
}

/** Query keys of the screen: both lists sit under `all`, so a run by hand refreshes them together. */
export const jobsKeys = {
  all: ['admin', 'jobs'] as const,
  list: () => [...jobsKeys.all, 'list'] as const,
  runs: (filters: JobRunFilters) => [...jobsKeys.all, 'runs', filters] as const,
};

/** GET /admin/jobs: every scheduled job with its schedule, next run, newest run and last success. */
export const jobsQuery = queryOptions({
  queryKey: jobsKeys.list(),
  queryFn: ({ signal }) => apiGet<Job[]>('/admin/jobs', { signal }),
  refetchInterval: JOBS_REFRESH_MS,
  refetchIntervalInBackground: false,
});

/**
 * GET /admin/jobs/runs: one page of recorded runs (20), newest first, by job and status. The first page
 * follows new runs; a later page stays put while the admin reads it. The previous page stays on screen
 * (dimmed) while the next one loads.
 */
export function jobRunsQuery(filters: JobRunFilters) {
  return queryOptions({
    queryKey: jobsKeys.runs(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<JobRun[]>('/admin/jobs/runs', {
        query: {
          page: filters.page,
          job: filters.job || undefined,
          status: filters.status === 'all' ? undefined : filters.status,
        },
        signal,
      });
      return { runs: result.data, pagination: result.pagination as Pagination };
    },
    placeholderData: keepPreviousData,
    refetchInterval: filters.page === 1 ? JOBS_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

/**
 * POST /admin/jobs/{name}/run: runs the job at once on the server and answers the finished run. A job
 * that fails still answers (status `failed`, with its error); only an unknown job is refused.
 */
export async function runJobNow(job: Job): Promise<JobRun> {
  const result = await apiRequest<JobRun>(`/admin/jobs/${encodeURIComponent(job.name)}/run`, {
    method: 'POST',
  });
  return result.data;
}
