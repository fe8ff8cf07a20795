/**
 * (e) kill -9: fans vote on a server of their own, which is killed with SIGKILL 1.5 s into the
 * run and restarted on the same data; the votes left without an answer are sent again (a fan pressing
 * Vote again) along with new ones. Every vote answered 201 must be stored exactly once, no fan may hold two
 * votes in a category, and the totals must equal the valid vote rows: on the benchmark's PostgreSQL
 * database, and on the embedded PGlite database in a temporary DATA_DIR.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '../src/lib/db';
import { pickFreePort } from '../src/test/ports';
import { type BenchCatalog, CRASH_FANS, type FanRange, loadCatalog, seedBenchData } from './bench-data';
import {
  type Ballot,
  checkAcknowledgedVotes,
  formatIntegrity,
  formatStatuses,
  integrityProblems,
  type RangeIntegrity,
  runClosedLoop,
  shuffle,
  startServer,
  stopServer,
  summariseAnswers,
  type VoteAnswer,
} from './vote-load';

const CONNECTIONS = 50;
/** Long enough for the run to be at full speed when the server dies. */
const KILL_AFTER_MS = 1500;
/** Votes after the restart: the resent ones, then new ones for this long. */
const RESUME_SECONDS = 1.5;
/** The embedded database's fans: a few thousand, 12 votes each, outlast its few seconds of votes. */
const EMBEDDED_FANS: FanRange = { first: 1, count: 3000 };

export interface CrashResult {
  database: string;
  acceptedBeforeKill: number;
  /** Votes sent but not answered when the server died. */
  unansweredAtKill: number;
  /** Of those, sent again after the restart: 201 (had not been cast) or 409 (had been committed). */
  resentAccepted: number;
  resentCommittedBefore: number;
  /** From the SIGKILL to the restarted server answering /api/health. */
  restartMs: number;
  acceptedAfterRestart: number;
  /** Refusals of votes sent once only: each (fan, category) is voted once, so there should be none. */
  otherRefusals: number;
  byStatus: Map<number, number>;
  unsettled: number;
  integrity: RangeIntegrity;
}

/** Each fan of the range votes once in every category, in a random order. */
function crashBallots(catalog: BenchCatalog, range: FanRange): Ballot[] {
  const ballots: Ballot[] = [];
  for (let index = 0; index < range.count; index++) {
    for (const songs of catalog.songsByCategory.values())
      ballots.push({ fan: range.first + index, songId: songs[Math.floor(Math.random() * songs.length)]! });
  }
  return shuffle(ballots);
}

/** Votes, kills the server mid-run, restarts it on the same data, votes again; `check` reads the database after. */
async function voteThroughCrash(options: {
  database: string;
  environment: Record<string, string | undefined>;
  ballots: Ballot[];
  check: (answers: VoteAnswer[]) => Promise<RangeIntegrity>;
}): Promise<CrashResult> {
  const port = await pickFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`kill -9 (e), ${options.database}: voting, SIGKILL after ${KILL_AFTER_MS} ms…`);
  let server = await startServer({ port, environment: options.environment });
  let killedAt = 0;
  const killed = new Promise((resolve) => server.once('exit', resolve));
  const killer = setTimeout(() => {
    killedAt = performance.now();
    server.kill('SIGKILL');
  }, KILL_AFTER_MS);
  const first = await runClosedLoop({
    baseUrl,
    ballots: options.ballots,
    connections: CONNECTIONS,
    // The kill ends this run; the bound only guards against a kill that never lands.
    seconds: 60,
    stopOnNoAnswer: true,
  });
  clearTimeout(killer);
  if (!killedAt) {
    // The ballots ran out first (they never should): the kill still comes before the restart.
    killedAt = performance.now();
    server.kill('SIGKILL');
  }
  await killed;
  server = await startServer({ port, environment: options.environment });
  const restartMs = performance.now() - killedAt;
  const unanswered = first.answers.filter((answer) => answer.status === 0).map((answer) => answer.ballot);
  const resent = new Set(unanswered);
  let second: Awaited<ReturnType<typeof runClosedLoop>>;
  try {
    second = await runClosedLoop({
      baseUrl,
      ballots: [...unanswered, ...options.ballots.slice(first.taken)],
      connections: CONNECTIONS,
      seconds: RESUME_SECONDS,
    });
  } finally {
    await stopServer(server);
  }
  const resentAnswers = second.answers.filter((answer) => resent.has(answer.ballot));
  const answers = [...first.answers, ...second.answers];
  const summary = summariseAnswers(answers);
  return {
    database: options.database,
    acceptedBeforeKill: first.answers.filter((answer) => answer.status === 201).length,
    unansweredAtKill: unanswered.length,
    resentAccepted: resentAnswers.filter((answer) => answer.status === 201).length,
    resentCommittedBefore: resentAnswers.filter((answer) => answer.status === 409).length,
    restartMs,
    acceptedAfterRestart: second.answers.filter((answer) => answer.status === 201).length,
    otherRefusals: answers.filter(
      (answer) => answer.status >= 400 && answer.status < 500 && !resent.has(answer.ballot),
    ).length,
    byStatus: summary.byStatus,
    unsettled: second.answers.filter((answer) => answer.status === 0 || answer.status >= 500).length,
    integrity: await options.check(answers),
  };
}

/** Seeds a few thousand fans into a fresh embedded database in `dataDir`, and closes it for the server. */
async function seedEmbedded(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    await seedBenchData(handle.db, { fans: EMBEDDED_FANS.count, withSessions: [EMBEDDED_FANS] });
    return await loadCatalog(handle.db);
  } finally {
    await handle.close();
  }
}

/** Runs the kill -9 test on the benchmark's PostgreSQL database, then on a temporary embedded one. */
export async function runCrashBench(options: {
  db: Database;
  databaseUrl: string;
  catalog: BenchCatalog;
}): Promise<CrashResult[]> {
  const postgres = await voteThroughCrash({
    database: 'PostgreSQL',
    environment: { DATABASE_URL: options.databaseUrl },
    ballots: crashBallots(options.catalog, CRASH_FANS),
    check: (answers) => checkAcknowledgedVotes(options.db, CRASH_FANS, answers),
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-bench-crash-'));
  try {
    console.log('kill -9 (e), embedded PGlite: seeding a temporary database…');
    const catalog = await seedEmbedded(dataDir);
    const embedded = await voteThroughCrash({
      database: 'embedded PGlite',
      // The embedded set-up: one process, no PostgreSQL, no Redis.
      environment: { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir },
      ballots: crashBallots(catalog, EMBEDDED_FANS),
      // PGlite is single-process: read it once the restarted server has stopped.
      check: async (answers) => {
        const handle = await openDatabase({ dataDir });
        try {
          return await checkAcknowledgedVotes(handle.db, EMBEDDED_FANS, answers);
        } finally {
          await handle.close();
        }
      },
    });
    return [postgres, embedded];
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Prints one line per database; answers the targets missed and the integrity problems. */
export function printCrashBench(results: CrashResult[]) {
  console.log(
    `\nkill -9 (e): ${CONNECTIONS} connections, SIGKILL ${KILL_AFTER_MS} ms into the run, restart on the same data, the unanswered votes sent again with new ones for ${RESUME_SECONDS} s\n`,
  );
  console.log(
    '| database | 201 before the kill | unanswered at the kill: resent 201 / 409 (had committed) | restart ms | 201 after the restart | answers | integrity |\n|---|---|---|---|---|---|---|',
  );
  const missedTargets: string[] = [];
  const problems: string[] = [];
  for (const result of results) {
    console.log(
      `| ${result.database} | ${result.acceptedBeforeKill.toLocaleString('en')} | ${result.unansweredAtKill}: ${result.resentAccepted} / ${result.resentCommittedBefore} | ${result.restartMs.toFixed(0)} | ${result.acceptedAfterRestart.toLocaleString('en')} | ${formatStatuses(result.byStatus)} | ${formatIntegrity(result.integrity)} |`,
    );
    // A vote resent after the restart and refused because its first try had committed is stored without a 201.
    problems.push(
      ...integrityProblems(
        `kill -9 on ${result.database}`,
        result.integrity,
        result.resentCommittedBefore + result.unsettled,
      ),
    );
    if (result.otherRefusals > 0)
      problems.push(`kill -9 on ${result.database}: ${result.otherRefusals} votes refused wrongly`);
    if (result.acceptedBeforeKill === 0 || result.unansweredAtKill === 0)
      missedTargets.push(`kill -9 on ${result.database}: the kill did not land mid-run`);
  }
  return { missedTargets, problems };
}
