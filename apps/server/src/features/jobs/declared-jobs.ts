import { pruneCodeRequests } from '../accounts/service';
import type { OnlineUsers } from '../online-users/service';
import { applyRetention, deleteExpiredCredentials } from '../privacy/retention-service';
import { pruneBatchWitnesses } from '../voting/service';
import type { JobDeclaration } from './job';
import { deleteRunsBefore } from './service';

/** A month of runs is what an operator looks back over; the admin screen pages through them. */
export const JOB_RUNS_KEPT_DAYS = 30;

/**
 * Every periodic job of the deployment, declared here and nowhere else: its name, its schedule (cron, UTC)
 * and its work, which calls the owning feature's service. The scheduler (scheduler.ts) fires them on every
 * instance and exactly one instance runs each occurrence; `npm run jobs -- list | run NAME` and the admin
 * screen (/admin/jobs) show and start the same list.
 */
export function declareJobs(deps: { onlineUsers?: OnlineUsers }): JobDeclaration[] {
  const jobs: JobDeclaration[] = [
    {
      // Witnesses settle a vote batch whose answer was lost, which is decided within seconds.
      name: 'vote-batch-witnesses',
      schedule: '*/5 * * * *',
      run: async ({ db, now }) => ({ vote_batches: await pruneBatchWitnesses(db, now) }),
    },
    {
      // Remembered code mails older than the longest cooldown refuse nothing any more.
      name: 'code-requests',
      schedule: '*/15 * * * *',
      run: async ({ db, now }) => ({ code_requests: await pruneCodeRequests(db, now) }),
    },
    {
      // The legal pages' retention periods (RETENTION in packages/shared): accounts erased 30 days after
      // deactivation, security logs deleted after a year.
      name: 'retention',
      schedule: '20 2 * * *',
      run: ({ db, now }) => applyRetention(db, now),
    },
    {
      // Sessions a day after they expired, mailed codes and reset links once expired.
      name: 'expired-credentials',
      schedule: '10 2 * * *',
      run: ({ db, now }) => deleteExpiredCredentials(db, now),
    },
    {
      name: 'job-runs',
      schedule: '40 3 * * *',
      run: async ({ db, now, runId }) => ({
        job_runs: await deleteRunsBefore(
          db,
          new Date(now.getTime() - JOB_RUNS_KEPT_DAYS * 86_400_000),
          runId,
        ),
      }),
    },
  ];
  const { onlineUsers } = deps;
  if (onlineUsers) {
    jobs.push({
      // The online users screen's figures, fresh every minute without any admin waiting for them.
      name: 'online-users-summary',
      schedule: '* * * * *',
      run: async () => {
        const { people, sessions } = await onlineUsers.refreshSummary();
        return { people_online: people, sessions_online: sessions };
      },
      changesOutsideDatabase: 'the online users summary shared through Redis (or kept by this process)',
    });
  }
  return jobs;
}
