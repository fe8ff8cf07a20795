import { z } from 'zod';
import { listQuerySchema } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/**
 * The scheduled jobs (features/jobs on the server): periodic work declared in one place, each run taken by
 * one instance and recorded. Names are stable codes; the web app translates them (`names.<name>` of its
 * `admin-jobs` catalog).
 */
export const JOB_TRIGGERS = ['schedule', 'cli', 'admin'] as const;
export type JobTrigger = (typeof JOB_TRIGGERS)[number];

/**
 * A run's state: running (no end yet), succeeded, failed (with its error), or abandoned (no end long after
 * it started: its instance died during it; the next occurrence does the work).
 */
export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'abandoned'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

export const jobRunSchema = z.object({
  _id: z.string(),
  job: z.string(),
  trigger: z.enum(JOB_TRIGGERS),
  status: z.enum(JOB_RUN_STATUSES),
  /** The occurrence the run was for (the moment it started, for a run started by hand). */
  scheduledFor: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
  /** The instance that ran it (its INSTANCE_NAME), or `cli`. */
  instance: z.string(),
  /** Rows deleted, updated or refreshed, by what the job calls them (`vote_batches`, `sessions_online`). */
  rows: z.record(z.string(), z.number()),
  /** What went wrong, for a failed run (for the operator: the job's own error, in English). */
  error: z.string().nullable(),
  triggeredBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type JobRun = z.infer<typeof jobRunSchema>;

export const jobSchema = z.object({
  name: z.string(),
  /** Its schedule: a cron pattern in UTC (`*\/5 * * * *`). */
  schedule: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: jobRunSchema.nullable(),
  /** When it last finished without an error (null: never). */
  lastSucceededAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListResponseSchema = dataEnvelope(z.array(jobSchema));

/** The runs list: page, limit and order of the list contract (no free-text search), by job and status. */
export const jobRunsQuerySchema = listQuerySchema.omit({ search: true }).extend({
  job: z.string().trim().max(64).optional(),
  status: z.enum(JOB_RUN_STATUSES).optional(),
});
export type JobRunsQuery = z.infer<typeof jobRunsQuerySchema>;

export const jobRunPageResponseSchema = pageEnvelope(jobRunSchema);
export const jobRunResponseSchema = dataEnvelope(jobRunSchema);

export const jobNameParamsSchema = z.object({ name: z.string().trim().min(1).max(64) });
