import { findJob, runJob } from '../features/jobs/service';
import type { TestServer } from './server';

/** What the jobs service needs, from a test server: its database, clock, declared jobs and metrics. */
export function jobsOf(server: TestServer) {
  return { db: server.db, clock: server.clock, jobs: server.app.jobs, metrics: server.app.metrics };
}

/** Runs the declared job `name` once, as `npm run jobs -- run NAME` does, at the server clock's now. */
export function runNamedJob(server: TestServer, name: string) {
  const deps = jobsOf(server);
  return runJob(deps, findJob(deps, name), { trigger: 'cli', instance: 'test' });
}
