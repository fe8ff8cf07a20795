// `npm run jobs -- list` and `npm run jobs -- run NAME [--as-of DATE] [--dry-run]`: the scheduled jobs
// (features/jobs/declared-jobs.ts), shown and run at once from the command line on the configured
// database. A run is recorded like a scheduled one (trigger `cli`); a dry run changes and records nothing.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { parseConfig } from '../config';
import { declareJobs } from '../features/jobs/declared-jobs';
import { dryRunJob, findJob, listJobs, runJob } from '../features/jobs/service';
import { OnlineUsers } from '../features/online-users/service';
import { systemClock } from '../lib/clock';
import { openDatabase } from '../lib/db';
import { AppError } from '../lib/errors';
import { deploymentNamespace } from '../lib/namespace';
import { connectRedis } from '../lib/redis';

const USAGE = `Usage: npm run jobs -- list
       npm run jobs -- run NAME [--as-of YYYY-MM-DD[THH:MM]] [--dry-run]

list   every scheduled job, its schedule (cron, UTC), next and last run
run    runs NAME now, recorded as a run started from the command line; --as-of runs it as if it were that
       moment (UTC), --dry-run shows what it would change without changing or recording anything`;

const describeRows = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ') || 'nothing';

/** A date (midnight) or a date and time, read in UTC unless it names its own offset. */
function parseUtcDate(value: string): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(value)) return new Date(`${value}Z`);
  return new Date(value);
}

export async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'as-of': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, name] = positionals;
  if (values.help || (command !== 'list' && command !== 'run') || (command === 'run' && !name)) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const asOf = values['as-of'] === undefined ? undefined : parseUtcDate(values['as-of']);
  if (asOf && Number.isNaN(asOf.getTime())) {
    console.error(`--as-of: '${values['as-of']}' is not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM, UTC).`);
    return 2;
  }
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const redis = connectRedis(config.redisUrl);
  const onlineUsers = new OnlineUsers(
    { db: database.db, clock: systemClock, redis, namespace: deploymentNamespace(config) },
    (error) => console.warn(`online users summary: ${String(error)}`),
  );
  const deps = { db: database.db, clock: systemClock, jobs: declareJobs({ onlineUsers }) };
  try {
    if (command === 'list') {
      for (const job of await listJobs(deps)) {
        const last = job.lastRun
          ? `${job.lastRun.status} at ${job.lastRun.startedAt} (${describeRows(job.lastRun.rows)})`
          : 'never run';
        console.log(
          `${job.name.padEnd(24)} ${job.schedule.padEnd(14)} next ${job.nextRunAt ?? '-'}  last ${last}`,
        );
      }
      return 0;
    }
    const job = findJob(deps, name!);
    if (values['dry-run']) {
      const rows = await dryRunJob(deps, job, asOf ?? systemClock.now());
      console.log(
        `Dry run of ${job.name}${asOf ? ` as of ${asOf.toISOString()}` : ''}: would touch ${describeRows(rows)}. Nothing was changed.`,
      );
      return 0;
    }
    const run = await runJob(deps, job, { trigger: 'cli', instance: `cli@${os.hostname()}`, asOf });
    if (run.status === 'failed') {
      console.error(`${job.name} failed after ${run.durationMs} ms: ${run.error}`);
      return 1;
    }
    console.log(`${job.name} finished in ${run.durationMs} ms: ${describeRows(run.rows)} (run ${run._id}).`);
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'JOB_NOT_FOUND') {
      console.error(`No job named '${name}'. The jobs: ${deps.jobs.map((job) => job.name).join(', ')}.`);
      return 2;
    }
    throw error;
  } finally {
    await onlineUsers.close();
    await database.close();
    redis?.disconnect();
  }
}
