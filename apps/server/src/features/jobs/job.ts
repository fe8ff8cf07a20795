import type { Database } from '../../lib/db';

/** What one run of a job gets: the database (a transaction rolled back afterwards, on a dry run) and its instant. */
export interface JobContext {
  db: Database;
  /** The run's "now": the clock's, or the one given by hand (`npm run jobs -- run NAME --as-of DATE`). */
  now: Date;
  /** The run's own record (absent on a dry run): a job that deletes runs must keep this one. */
  runId?: number;
}

/** What a run touched, by what the job calls it: `{ vote_batches: 120 }`. */
export type JobRows = Record<string, number>;

/**
 * A periodic job, declared once in declared-jobs.ts. `schedule` is a cron pattern read in UTC (five fields,
 * or six with seconds first). A run must be safe to repeat: an interrupted run is simply run again.
 */
export interface JobDeclaration {
  /** A stable code (kebab-case): the key of its runs, its metrics label and its translated name. */
  name: string;
  schedule: string;
  run(context: JobContext): Promise<JobRows>;
  /**
   * What the job changes outside the database, which the rolled-back transaction of a dry run could not
   * undo (a summary shared through Redis): such a job has no dry run.
   */
  changesOutsideDatabase?: string;
}

/**
 * A run still unfinished after this long was abandoned: its instance died (or was killed) during it. No
 * job takes more than a few seconds today; the next occurrence does the work.
 */
export const RUN_ABANDONED_AFTER_MINUTES = 30;
