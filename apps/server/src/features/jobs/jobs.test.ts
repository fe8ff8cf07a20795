import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, codeRequests, jobRuns, voteBatches } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { jobsOf } from '../../test/jobs';
import { startTestServer, type TestServer } from '../../test/server';
import type { JobDeclaration } from './job';
import { Scheduler } from './scheduler';
import { dryRunJob, findJob, RunTakenElsewhere, runJob } from './service';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
});
afterAll(() => server.close());

const deps = () => jobsOf(server);
const minutesAgo = (minutes: number) => new Date(server.clock.now().getTime() - minutes * 60_000);

describe('the declared jobs', () => {
  it('are the periodic cleanups, each with a cron schedule', () => {
    expect(server.app.jobs.map((job) => [job.name, job.schedule])).toEqual([
      ['vote-batch-witnesses', '*/5 * * * *'],
      ['code-requests', '*/15 * * * *'],
      ['retention', '20 2 * * *'],
      ['expired-credentials', '10 2 * * *'],
      ['job-runs', '40 3 * * *'],
      ['online-users-summary', '* * * * *'],
    ]);
  });

  it('vote-batch-witnesses deletes the witnesses over ten minutes old; a dry run only counts them', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    await server.db.insert(voteBatches).values([
      { id: old, castAt: minutesAgo(11) },
      { id: fresh, castAt: minutesAgo(9) },
    ]);
    const job = findJob(deps(), 'vote-batch-witnesses');
    expect(await dryRunJob(deps(), job, server.clock.now())).toEqual({ vote_batches: 1 });
    expect(await server.db.select().from(voteBatches).where(eq(voteBatches.id, old))).toHaveLength(1);

    const run = await runJob(deps(), job, { trigger: 'cli', instance: 'test' });
    expect(run).toMatchObject({
      job: 'vote-batch-witnesses',
      status: 'succeeded',
      rows: { vote_batches: 1 },
    });
    const left = await server.db.select({ id: voteBatches.id }).from(voteBatches);
    expect(left.map((row) => row.id)).toEqual([fresh]);
  });

  it('code-requests forgets code mails older than an hour, which no cooldown can refuse any more', async () => {
    await server.db.insert(codeRequests).values([
      { purpose: 'verify', addressHash: 'old', sentAt: minutesAgo(61) },
      { purpose: 'verify', addressHash: 'recent', sentAt: minutesAgo(2) },
    ]);
    const run = await runJob(deps(), findJob(deps(), 'code-requests'), { trigger: 'cli', instance: 'test' });
    expect(run.rows).toEqual({ code_requests: 1 });
    const left = await server.db.select({ hash: codeRequests.addressHash }).from(codeRequests);
    expect(left.map((row) => row.hash)).toEqual(['recent']);
  });

  it('online-users-summary recomputes the figures and says how many people and sessions are online', async () => {
    const run = await runJob(deps(), findJob(deps(), 'online-users-summary'), {
      trigger: 'cli',
      instance: 'test',
    });
    expect(run.status).toBe('succeeded');
    // The admin signed in above is online.
    expect(run.rows.sessions_online).toBeGreaterThanOrEqual(1);
    expect(run.rows.people_online).toBeGreaterThanOrEqual(1);
    expect(run.rows.people_online).toBeLessThanOrEqual(run.rows.sessions_online as number);
  });

  it('runs "as of" another date: job-runs would delete the runs over 30 days old by then', async () => {
    const job = findJob(deps(), 'job-runs');
    const inAMonth = new Date(server.clock.now().getTime() + 31 * 86_400_000);
    const recorded = (await server.db.select({ id: jobRuns.id }).from(jobRuns)).length;
    expect(recorded).toBeGreaterThan(0);
    expect(await dryRunJob(deps(), job, server.clock.now())).toEqual({ job_runs: 0 });
    expect(await dryRunJob(deps(), job, inAMonth)).toEqual({ job_runs: recorded });
  });
});

describe('what cannot be dry-run', () => {
  it('refuses a dry run of a job that changes something outside the database', async () => {
    const job = findJob(deps(), 'online-users-summary');
    await expect(dryRunJob(deps(), job, server.clock.now())).rejects.toThrow(
      /online-users-summary has no dry run: it changes the online users summary/,
    );
  });
});

describe('a run', () => {
  const failing: JobDeclaration = {
    name: 'always-fails',
    schedule: '0 0 1 1 *',
    run: async () => {
      throw new Error('the disk is full');
    },
  };

  it('is recorded with its error when the job fails, and counted in the metrics', async () => {
    const run = await runJob({ ...deps(), jobs: [failing] }, failing, { trigger: 'cli', instance: 'test' });
    expect(run).toMatchObject({ status: 'failed', error: 'the disk is full', rows: {}, trigger: 'cli' });
    expect(run.finishedAt).not.toBeNull();
    const metrics = await server.app.metrics.registry.getSingleMetricAsString('ovation_job_runs_total');
    expect(metrics).toContain('ovation_job_runs_total{job="always-fails",outcome="failed"} 1');
  });

  it('of one occurrence is taken by one instance only, whichever asks first', async () => {
    const job = findJob(deps(), 'code-requests');
    const scheduledFor = new Date('2026-01-01T00:15:00Z');
    const outcomes = await Promise.allSettled(
      ['a', 'b', 'c'].map((instance) => runJob(deps(), job, { trigger: 'schedule', instance, scheduledFor })),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(RunTakenElsewhere);
    const rows = await server.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, 'code-requests'), eq(jobRuns.scheduledFor, scheduledFor)));
    expect(rows).toHaveLength(1);
  });
});

describe('the scheduler', () => {
  it('fires every occurrence on every instance, and each is run once across them', async () => {
    let calls = 0;
    const tick: JobDeclaration = {
      name: 'tick',
      schedule: '* * * * * *',
      run: async () => {
        calls += 1;
        return { ticks: 1 };
      },
    };
    const schedulers = ['one', 'two', 'three'].map(
      (instance) =>
        new Scheduler({ db: server.db, clock: server.clock, jobs: [tick], instance, logger: server.app.log }),
    );
    for (const scheduler of schedulers) scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 3200));
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    const runs = await server.db.select().from(jobRuns).where(eq(jobRuns.job, 'tick'));
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(calls).toBe(runs.length);
    expect(new Set(runs.map((run) => run.scheduledFor.getTime())).size).toBe(runs.length);
    for (const run of runs) {
      expect(run.scheduledFor.getMilliseconds()).toBe(0);
      expect(run).toMatchObject({ trigger: 'schedule', error: null, rows: { ticks: 1 } });
    }
  });
});

describe('the jobs admin routes', () => {
  it('list every job with its schedule, next occurrence and newest run', async () => {
    const response = await server.request('GET', '/api/admin/jobs', { token: admin.token });
    expect(response.status).toBe(200);
    const witnesses = response.body.data.find((job: { name: string }) => job.name === 'vote-batch-witnesses');
    expect(witnesses).toMatchObject({
      schedule: '*/5 * * * *',
      lastRun: { status: 'succeeded', rows: { vote_batches: 1 } },
      lastSucceededAt: expect.any(String),
    });
    expect(new Date(witnesses.nextRunAt).getUTCMinutes() % 5).toBe(0);
  });

  it('run a job now for an admin, recorded with who asked and audited', async () => {
    const response = await server.request('POST', '/api/admin/jobs/code-requests/run', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      job: 'code-requests',
      trigger: 'admin',
      status: 'succeeded',
      triggeredBy: { _id: admin.user.id, name: admin.user.name },
    });
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.run'), eq(auditLog.actorId, admin.user.id)));
    expect(entry).toMatchObject({ targetType: 'job', targetId: 'code-requests' });
    expect(entry!.details).toEqual({ runId: Number(response.body.data._id) });
  });

  it('page the runs, filtered by job and status', async () => {
    const failed = await server.request('GET', '/api/admin/jobs/runs?status=failed', { token: admin.token });
    expect(failed.body.data.every((run: { status: string }) => run.status === 'failed')).toBe(true);
    const byJob = await server.request('GET', '/api/admin/jobs/runs?job=code-requests&limit=1', {
      token: admin.token,
    });
    expect(byJob.status).toBe(200);
    expect(byJob.body.data).toHaveLength(1);
    expect(byJob.body.data[0]).toMatchObject({ job: 'code-requests', trigger: 'admin' });
    expect(byJob.body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(byJob.body.pagination.total).toBeGreaterThanOrEqual(3);
  });

  it('say abandoned for a run left unfinished over 30 minutes (its instance died), and filter by it', async () => {
    const [left] = await server.db
      .insert(jobRuns)
      .values({
        job: 'vote-batch-witnesses',
        scheduledFor: new Date(Date.now() - 40 * 60_000),
        startedAt: new Date(Date.now() - 40 * 60_000),
        trigger: 'schedule',
        instance: 'gone',
      })
      .returning({ id: jobRuns.id });
    const abandoned = await server.request('GET', '/api/admin/jobs/runs?status=abandoned', {
      token: admin.token,
    });
    expect(abandoned.body.data.map((run: { _id: string; status: string }) => [run._id, run.status])).toEqual([
      [String(left!.id), 'abandoned'],
    ]);
    const running = await server.request('GET', '/api/admin/jobs/runs?status=running', {
      token: admin.token,
    });
    expect(running.body.data).toEqual([]);
  });

  it('answer 404 JOB_NOT_FOUND for a job that is not declared', async () => {
    for (const [method, url] of [
      ['POST', '/api/admin/jobs/drop-everything/run'],
      ['GET', '/api/admin/jobs/runs?job=drop-everything'],
    ] as const) {
      const response = await server.request(method, url, { token: admin.token });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, code: 'JOB_NOT_FOUND' });
    }
  });
});

// Last: it deletes the runs the tests above recorded.
describe('job-runs run for real as of a later date', () => {
  it('deletes every run over 30 days old by then, but its own', async () => {
    const job = findJob(deps(), 'job-runs');
    const inAMonth = new Date(server.clock.now().getTime() + 31 * 86_400_000);
    const recorded = (await server.db.select({ id: jobRuns.id }).from(jobRuns)).length;
    const run = await runJob(deps(), job, { trigger: 'cli', instance: 'test', asOf: inAMonth });
    expect(run).toMatchObject({ status: 'succeeded', rows: { job_runs: recorded } });
    const left = await server.db.select({ id: jobRuns.id }).from(jobRuns);
    expect(left.map((row) => String(row.id))).toEqual([run._id]);
  });
});
