import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDeclaration } from './job';
import { type JobsDependencies, RunTakenElsewhere, runJob } from './service';

/**
 * Fires the declared jobs on their schedules in this process. Every instance runs a scheduler (unless
 * SCHEDULER=off); each occurrence is claimed in the database before it runs (service.ts runJob), so it
 * runs on exactly one instance, whichever fires first, and is recorded there.
 */
export class Scheduler {
  private readonly crons: Cron[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly deps: JobsDependencies & { instance: string; logger: FastifyBaseLogger }) {}

  start() {
    for (const job of this.deps.jobs) {
      const cron = new Cron(
        job.schedule,
        // protect: a run still going when the next occurrence comes is not started twice in this process.
        { timezone: 'UTC', protect: true, unref: true },
        (self: Cron) => this.fire(job, occurrenceOf(self)),
      );
      this.crons.push(cron);
    }
  }

  /** Stops firing and waits for the runs under way (shutdown, before the database closes). */
  async stop() {
    for (const cron of this.crons.splice(0)) cron.stop();
    await Promise.allSettled([...this.running]);
  }

  private fire(job: JobDeclaration, scheduledFor: Date) {
    const run = runJob(this.deps, job, {
      trigger: 'schedule',
      instance: this.deps.instance,
      scheduledFor,
    }).then(
      (done) => {
        if (done.status === 'failed')
          this.deps.logger.error({ job: job.name, error: done.error }, 'scheduled job failed');
      },
      (error: unknown) => {
        if (error instanceof RunTakenElsewhere) return;
        this.deps.logger.error({ err: error, job: job.name }, 'scheduled job not run');
      },
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }
}

/**
 * The occurrence a firing is for: the schedule's last time at or before now. Every instance computes the
 * same instant for the same occurrence (a cron time is absolute, whatever the timer's few milliseconds of
 * lateness), which is what lets the database give it to one of them.
 */
function occurrenceOf(cron: Cron): Date {
  return cron.previousRuns(1, new Date(Date.now() + 1))[0] ?? new Date(Math.floor(Date.now() / 1000) * 1000);
}
