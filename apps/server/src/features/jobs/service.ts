import type { Job, JobRun, JobRunsQuery, JobTrigger } from '@ovation/shared';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import type { Metrics } from '../../lib/metrics';
import { OperatorError } from '../../lib/operator-error';
import { type Actor, audit } from '../audit/service';
import { type JobDeclaration, type JobRows, RUN_ABANDONED_AFTER_MINUTES } from './job';
import * as repository from './repository';

export interface JobsDependencies {
  db: Database;
  clock: Clock;
  jobs: readonly JobDeclaration[];
  /** Counts this instance's runs (absent in the command-line tool). */
  metrics?: Metrics;
  /** Where a failed run's error is logged with its stack (absent: the run's record only). */
  logger?: Pick<FastifyBaseLogger, 'error'>;
}

/** How a run was asked for. */
export interface RunRequest {
  trigger: JobTrigger;
  /** The instance that runs it (INSTANCE_NAME), or `cli`. */
  instance: string;
  /** The occurrence a scheduled run is for (a run by hand is for the moment it starts). */
  scheduledFor?: Date;
  /** The run's "now" when not the clock's (what retention does on a later date). */
  asOf?: Date;
  triggeredBy?: Actor;
}

/** A dry run's transaction is undone on purpose: this error carries its figures out of drizzle's rollback. */
class DryRunDone extends Error {
  constructor(readonly rows: JobRows) {
    super('dry run rolled back');
  }
}

export function findJob(deps: Pick<JobsDependencies, 'jobs'>, name: string): JobDeclaration {
  const job = deps.jobs.find((candidate) => candidate.name === name);
  if (!job) throw NotFound('JOB_NOT_FOUND');
  return job;
}

function statusOf(row: repository.JobRunRow, now: Date): JobRun['status'] {
  if (row.error !== null) return 'failed';
  if (row.finishedAt) return 'succeeded';
  return now.getTime() - row.startedAt.getTime() > RUN_ABANDONED_AFTER_MINUTES * 60_000
    ? 'abandoned'
    : 'running';
}

function toJobRun(row: repository.JobRunRow, now = new Date()): JobRun {
  return {
    _id: String(row.id),
    job: row.job,
    trigger: row.trigger as JobTrigger,
    status: statusOf(row, now),
    scheduledFor: row.scheduledFor.toISOString(),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    instance: row.instance,
    rows: row.rows ?? {},
    error: row.error,
    triggeredBy: row.triggeredBy ? { _id: row.triggeredBy, name: row.triggeredByName ?? '' } : null,
  };
}

/**
 * What a run would touch, without changing anything: the job runs inside a transaction that is then rolled
 * back, so its figures are exactly those of a real run at `now`. Not recorded.
 */
export async function dryRunJob(deps: Pick<JobsDependencies, 'db'>, job: JobDeclaration, now: Date) {
  if (job.changesOutsideDatabase) {
    throw new OperatorError(`${job.name} has no dry run: it changes ${job.changesOutsideDatabase}.`);
  }
  try {
    await deps.db.transaction(async (tx) => {
      throw new DryRunDone(await job.run({ db: tx, now }));
    });
  } catch (error) {
    if (error instanceof DryRunDone) return error.rows;
    throw error;
  }
  throw new Error('a dry run always rolls back');
}

/**
 * Runs one job once, recorded in job_runs (started, finished, rows touched, error): the scheduler's runs,
 * the command line's and an admin's. Answers the recorded run, failed ones included (status `failed`, with
 * the error). A scheduled occurrence another instance already took is not run (RunTakenElsewhere).
 */
export async function runJob(
  deps: JobsDependencies,
  job: JobDeclaration,
  request: RunRequest,
): Promise<JobRun> {
  const now = request.asOf ?? deps.clock.now();
  // A run an admin starts is claimed and audited together (or neither).
  const id = await deps.db.transaction(async (tx) => {
    const claimed = await claim(tx, job.name, request);
    if (claimed !== null && request.triggeredBy) {
      await audit(tx, request.triggeredBy, {
        action: 'job.run',
        targetType: 'job',
        targetId: job.name,
        details: { runId: claimed },
      });
    }
    return claimed;
  });
  if (id === null) throw new RunTakenElsewhere();
  const started = performance.now();
  let failure: unknown;
  let rows: JobRows | null = null;
  try {
    rows = await job.run({ db: deps.db, now, runId: id });
  } catch (error) {
    failure = error;
    deps.logger?.error({ err: error, job: job.name, runId: id }, 'job failed');
  }
  const error = failure === undefined ? null : failure instanceof Error ? failure.message : String(failure);
  await repository.finishRun(deps.db, id, { rows, error });
  deps.metrics?.jobRuns.inc({ job: job.name, outcome: error === null ? 'succeeded' : 'failed' });
  deps.metrics?.jobSeconds.observe({ job: job.name }, (performance.now() - started) / 1000);
  return toJobRun((await repository.findRun(deps.db, id))!);
}

/**
 * Takes the run's row: a scheduled occurrence's own (null when another instance has it), or, for a run by
 * hand, the moment it starts (the real time, not the rules' clock: two runs by hand are two runs).
 */
async function claim(db: Database, job: string, request: RunRequest): Promise<number | null> {
  const claimRun = (scheduledFor: Date) =>
    repository.claimRun(db, {
      job,
      scheduledFor,
      trigger: request.trigger,
      instance: request.instance,
      triggeredBy: request.triggeredBy?.id ?? null,
    });
  if (request.trigger === 'schedule') return claimRun(request.scheduledFor ?? new Date());
  const started = Date.now();
  for (let offset = 0; offset < 1000; offset++) {
    const id = await claimRun(new Date(started + offset));
    if (id !== null) return id;
  }
  return null;
}

/** The occurrence was claimed by another instance: nothing to do here. */
export class RunTakenElsewhere extends Error {
  constructor() {
    super('this occurrence was taken by another instance');
  }
}

/** GET /admin/jobs: every declared job with its schedule, next occurrence, newest run and last success. */
export async function listJobs(deps: JobsDependencies): Promise<Job[]> {
  const names = deps.jobs.map((job) => job.name);
  const { latest, succeeded } = await repository.findLatestRuns(deps.db, names);
  const now = new Date();
  return deps.jobs.map((job) => {
    const last = latest.find((row) => row.job === job.name);
    const success = succeeded.find((row) => row.job === job.name);
    return {
      name: job.name,
      schedule: job.schedule,
      nextRunAt: new Cron(job.schedule, { timezone: 'UTC' }).nextRun(now)?.toISOString() ?? null,
      lastRun: last ? toJobRun(last, now) : null,
      lastSucceededAt: success?.at ? new Date(success.at).toISOString() : null,
    };
  });
}

/** GET /admin/jobs/runs: the recorded runs, newest first, 20 a page, by job and status. */
export async function listRuns(deps: JobsDependencies, query: JobRunsQuery) {
  if (query.job) findJob(deps, query.job);
  const now = new Date();
  const abandonedBefore = new Date(now.getTime() - RUN_ABANDONED_AFTER_MINUTES * 60_000);
  const { rows, total } = await repository.findRunsPage(deps.db, query, abandonedBefore);
  return { runs: rows.map((row) => toJobRun(row, now)), total };
}

/** Deletes the runs recorded before `before`, but `keep` (the job-runs job keeps a month of them). */
export function deleteRunsBefore(db: Database, before: Date, keep?: number) {
  return repository.deleteRunsBefore(db, before, keep);
}
