import {
  jobListResponseSchema,
  jobNameParamsSchema,
  jobRunPageResponseSchema,
  jobRunResponseSchema,
  jobRunsQuerySchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { ok, page } from '../../lib/envelope';
import { paginationOf } from '../../lib/pagination';
import { findJob, type JobsDependencies, listJobs, listRuns, runJob } from './service';

const tags = ['admin: jobs'];
const security = [{ bearer: [] }];

/**
 * GET /admin/jobs, GET /admin/jobs/runs and POST /admin/jobs/{name}/run: the scheduled jobs, their recorded
 * runs, and a run started by an admin (audited). Registered inside the admin scope: admins only.
 */
export function registerJobAdminRoutes(app: RouteApp, deps: JobsDependencies & { instance: string }) {
  app.get(
    '/admin/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'List the scheduled jobs',
        description:
          'Every periodic job with its schedule (cron, UTC), its next occurrence, its newest run and when it last succeeded.',
        response: { 200: jobListResponseSchema },
      },
    },
    async () => ok(await listJobs(deps)),
  );

  app.get(
    '/admin/jobs/runs',
    {
      schema: {
        tags,
        security,
        summary: 'List recorded job runs',
        description:
          'The runs of the last 30 days, newest first (`order=asc`: oldest), 20 a page, by `job` and `status` (running, succeeded, failed).',
        querystring: jobRunsQuerySchema,
        response: { 200: jobRunPageResponseSchema },
      },
    },
    async (request) => {
      const { runs, total } = await listRuns(deps, request.query);
      return page(runs, paginationOf(request.query, total));
    },
  );

  app.post(
    '/admin/jobs/:name/run',
    {
      schema: {
        tags,
        security,
        summary: 'Run a job now',
        description:
          'Runs the job at once on this instance, recorded like a scheduled run (trigger `admin`) and audited; answers the finished run. A failed run is answered 200 with status `failed` and its error.',
        params: jobNameParamsSchema,
        response: { 200: jobRunResponseSchema },
      },
    },
    async (request) => {
      const job = findJob(deps, request.params.name);
      const triggeredBy = adminActor(request);
      return ok(await runJob(deps, job, { trigger: 'admin', instance: deps.instance, triggeredBy }));
    },
  );
}
