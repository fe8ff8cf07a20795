import type { JobRunsQuery, JobTrigger } from '@ovation/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { jobRuns, users } from '../../db/schema';
import { affectedRows, type Database } from '../../lib/db';
import { offsetOf } from '../../lib/pagination';

export type JobRunRow = typeof jobRuns.$inferSelect & { triggeredByName: string | null };

const runColumns = {
  id: jobRuns.id,
  job: jobRuns.job,
  scheduledFor: jobRuns.scheduledFor,
  trigger: jobRuns.trigger,
  instance: jobRuns.instance,
  startedAt: jobRuns.startedAt,
  finishedAt: jobRuns.finishedAt,
  rows: jobRuns.rows,
  error: jobRuns.error,
  triggeredBy: jobRuns.triggeredBy,
  triggeredByName: users.name,
};

/**
 * Takes one occurrence of a job for this instance: the row for (job, scheduledFor) is inserted by whoever
 * comes first, so however many instances fire the same occurrence, one runs it. Answers the run's id, or
 * null when another instance took it.
 */
export async function claimRun(
  db: Database,
  run: {
    job: string;
    scheduledFor: Date;
    trigger: JobTrigger;
    instance: string;
    triggeredBy?: string | null;
  },
): Promise<number | null> {
  const [claimed] = await db
    .insert(jobRuns)
    .values({ ...run, startedAt: new Date() })
    .onConflictDoNothing({ target: [jobRuns.job, jobRuns.scheduledFor] })
    .returning({ id: jobRuns.id });
  return claimed?.id ?? null;
}

export async function finishRun(
  db: Database,
  id: number,
  outcome: { rows: Record<string, number> | null; error: string | null },
) {
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), rows: outcome.rows, error: outcome.error })
    .where(eq(jobRuns.id, id));
}

export async function findRun(db: Database, id: number): Promise<JobRunRow | undefined> {
  const [row] = await db
    .select(runColumns)
    .from(jobRuns)
    .leftJoin(users, eq(users.id, jobRuns.triggeredBy))
    .where(eq(jobRuns.id, id));
  return row;
}

/** Each job's newest run and newest successful finish. */
export async function findLatestRuns(db: Database, jobs: string[]) {
  if (jobs.length === 0) return { latest: [], succeeded: [] };
  const latest = await db
    .selectDistinctOn([jobRuns.job], runColumns)
    .from(jobRuns)
    .leftJoin(users, eq(users.id, jobRuns.triggeredBy))
    .where(inArray(jobRuns.job, jobs))
    .orderBy(jobRuns.job, desc(jobRuns.startedAt));
  const succeeded = await db
    .select({ job: jobRuns.job, at: sql<string>`max(${jobRuns.finishedAt})::text` })
    .from(jobRuns)
    .where(and(inArray(jobRuns.job, jobs), isNotNull(jobRuns.finishedAt), isNull(jobRuns.error)))
    .groupBy(jobRuns.job);
  return { latest, succeeded };
}

/** `abandonedBefore`: an unfinished run started before this was abandoned, not running. */
function runConditions(query: JobRunsQuery, abandonedBefore: Date) {
  const unfinished = and(isNull(jobRuns.finishedAt), isNull(jobRuns.error));
  return and(
    query.job ? eq(jobRuns.job, query.job) : undefined,
    query.status === 'running' ? and(unfinished, gte(jobRuns.startedAt, abandonedBefore)) : undefined,
    query.status === 'abandoned' ? and(unfinished, lt(jobRuns.startedAt, abandonedBefore)) : undefined,
    query.status === 'succeeded' ? and(isNotNull(jobRuns.finishedAt), isNull(jobRuns.error)) : undefined,
    query.status === 'failed' ? isNotNull(jobRuns.error) : undefined,
  );
}

/** One page of runs, newest first (`order=asc`: oldest), with the total under the same filters. */
export async function findRunsPage(db: Database, query: JobRunsQuery, abandonedBefore: Date) {
  const where = runConditions(query, abandonedBefore);
  const rows = await db
    .select(runColumns)
    .from(jobRuns)
    .leftJoin(users, eq(users.id, jobRuns.triggeredBy))
    .where(where)
    .orderBy(
      ...(query.order === 'asc'
        ? [jobRuns.startedAt, jobRuns.id]
        : [desc(jobRuns.startedAt), desc(jobRuns.id)]),
    )
    .limit(query.limit)
    .offset(offsetOf(query));
  const [total] = await db.select({ value: count() }).from(jobRuns).where(where);
  return { rows, total: total?.value ?? 0 };
}

/** Deletes the runs started before `before`, except `keep` (the run doing it); answers how many. */
export async function deleteRunsBefore(db: Database, before: Date, keep?: number) {
  return affectedRows(
    await db
      .delete(jobRuns)
      .where(and(lt(jobRuns.startedAt, before), keep ? ne(jobRuns.id, keep) : undefined)),
  );
}
