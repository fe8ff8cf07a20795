/**
 * What the vote parts of `npm run bench` share: server processes started and stopped (or killed) by the
 * benchmark, a vote client that records every answer with its vote id, and the check that every vote
 * answered 201 is stored exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { countVotesAndTallies, type FanRange, rows } from './bench-data';

const serverRoot = path.resolve(import.meta.dirname, '..');
/** A cold start compiles TypeScript and opens the database; on a busy machine that takes seconds. */
const START_TIMEOUT_MS = 60_000;
/** An answer slower than this is counted as none (status 0): far beyond any target. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Shuffles in place (Fisher-Yates) and answers the array. */
export function shuffle<T>(items: T[]) {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/**
 * Starts the compiled server (`dist/main.js`, what production runs; `npm run bench` builds it first) in its
 * own process on 127.0.0.1:`port` (API only, no demo data, warnings only) and waits until it answers /api/health. `environment` adds to this process's; an entry set to
 * undefined is removed (no DATABASE_URL: the embedded database in DATA_DIR).
 */
export async function startServer(options: {
  port: number;
  environment: Record<string, string | undefined>;
  nodeOptions?: string[];
}): Promise<ChildProcess> {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    // The compiled server's code paths; production's required settings (https, SMTP) do not apply here.
    NODE_ENV: 'development',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DEMO_SEED: '0',
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    // Outside the checkout (its files: the outbox, uploads), and one secret for every instance of a run.
    DATA_DIR: path.join(os.tmpdir(), 'ovation-bench-data'),
    SESSION_SECRET: 'ovation-bench-secret-ovation-bench-secret',
  };
  for (const [name, value] of Object.entries(options.environment)) {
    if (value === undefined) delete environment[name];
    else environment[name] = value;
  }
  const child = spawn(
    process.execPath,
    [...(options.nodeOptions ?? []), '--enable-source-maps', 'dist/main.js'],
    {
      cwd: serverRoot,
      env: environment,
      // Its warnings and errors (the log is on stdout) show in the benchmark's output.
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/api/health`)).ok) return child;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server on port ${options.port} did not start`);
}

/** Stops a server process (SIGTERM: it drains its queued votes first, SIGKILL: at once) and waits for its exit. */
export async function stopServer(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** One vote to send: fan `bench-token-<fan>` for a song. */
export interface Ballot {
  fan: number;
  songId: string;
}

export interface VoteAnswer {
  ballot: Ballot;
  /** The HTTP status; 0 when no answer came (connection refused or cut, timeout). */
  status: number;
  /** The vote's id from a 201's body. */
  voteId: string | null;
  /** When the vote was due (open loop) or sent (closed loop), and when its answer arrived (performance.now()). */
  startedAt: number;
  answeredAt: number;
}

/** Keep-alive connections to one server, at most `sockets` of them; more requests queue in the client. */
/** node:http or node:https, as the server's address says (a BENCH_TARGET balancer speaks TLS). */
export function transportFor(server: URL): typeof http {
  return (server.protocol === 'https:' ? https : http) as typeof http;
}

export function voteAgent(sockets: number, server?: URL) {
  // maxFreeSockets defaults to 256: an idle pool larger than that would be closed down to 256.
  const options = { keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets };
  return server?.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
}

/** POSTs one vote as run.ts's autocannon does; never rejects (no answer is status 0). */
export function sendVote(
  agent: http.Agent,
  server: URL,
  ballot: Ballot,
): Promise<{ status: number; voteId: string | null }> {
  const body = JSON.stringify({ songId: ballot.songId });
  return new Promise((resolve) => {
    const request = transportFor(server).request(
      {
        agent,
        host: server.hostname,
        port: server.port,
        method: 'POST',
        path: '/api/votes',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer bench-token-${ballot.fan}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => resolve({ status: 0, voteId: null }));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          let voteId: string | null = null;
          if (status === 201) {
            try {
              voteId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { voteId: string } })
                .data.voteId;
            } catch {
              // A 201 without a readable vote id: the integrity check counts it as missing.
            }
          }
          resolve({ status, voteId });
        });
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy());
    request.on('error', () => resolve({ status: 0, voteId: null }));
    request.end(body);
  });
}

/**
 * Closed loop: `connections` clients each send the next ballot as soon as their previous one is answered,
 * for `seconds` or until the ballots run out, and the run ends once every sent vote is answered, so every
 * answer is known. With `stopOnNoAnswer`, a client stops at its first request without an answer (the
 * server died): what it sent then is the only vote of its left unanswered.
 */
export async function runClosedLoop(options: {
  baseUrl: string;
  ballots: Ballot[];
  connections: number;
  seconds: number;
  stopOnNoAnswer?: boolean;
}): Promise<{ answers: VoteAnswer[]; taken: number; seconds: number }> {
  const server = new URL(options.baseUrl);
  const agent = voteAgent(options.connections, server);
  const answers: VoteAnswer[] = [];
  const startedAt = performance.now();
  const deadline = startedAt + options.seconds * 1000;
  let next = 0;
  const client = async () => {
    while (performance.now() < deadline && next < options.ballots.length) {
      const ballot = options.ballots[next++]!;
      const sentAt = performance.now();
      const answer = await sendVote(agent, server, ballot);
      answers.push({ ballot, ...answer, startedAt: sentAt, answeredAt: performance.now() });
      if (answer.status === 0 && options.stopOnNoAnswer) return;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  agent.destroy();
  return { answers, taken: next, seconds: (performance.now() - startedAt) / 1000 };
}

/** The value at `fraction` of sorted numbers (0 for none). */
export function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** Answers by status, and latency percentiles in ms over the answered ones. */
export function summariseAnswers(answers: VoteAnswer[]) {
  const byStatus = new Map<number, number>();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  const latencies = answers
    .filter((answer) => answer.status !== 0)
    .map((answer) => answer.answeredAt - answer.startedAt)
    .sort((a, b) => a - b);
  return {
    byStatus,
    accepted: byStatus.get(201) ?? 0,
    serverErrors: answers.filter((answer) => answer.status >= 500).length,
    /** Votes whose fate the client does not know (no answer, or a 5xx): stored or not, both are true. */
    unsettled: answers.filter((answer) => answer.status === 0 || answer.status >= 500).length,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}

/** '201: 11,990, 409: 10, no answer: 2' */
export function formatStatuses(byStatus: Map<number, number>) {
  return [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status === 0 ? 'no answer' : status}: ${count.toLocaleString('en')}`)
    .join(', ');
}

export interface RangeIntegrity {
  /** Votes answered 201. */
  acknowledged: number;
  /** Of those, votes whose row (that id, that fan, that song, valid) is not in the database. */
  missing: number;
  /** Vote ids answered 201 more than once. */
  repeatedIds: number;
  /** Valid vote rows of the range's fans. */
  stored: number;
  /** The range's (fan, category) pairs with more than one valid vote. */
  doubledFanCategories: number;
  /** Over the whole database: valid vote rows, the tally counters' sum, songs whose counter is off. */
  votes: number;
  tallies: number;
  mismatchedSongs: number;
}

/** Checks the votes answered 201 to a range of fans against the database, and every total against its rows. */
export async function checkAcknowledgedVotes(
  db: Database,
  range: FanRange,
  answers: VoteAnswer[],
): Promise<RangeIntegrity> {
  const acknowledged = answers
    .filter((answer) => answer.status === 201)
    .map((answer) => ({ vote_id: answer.voteId, fan: answer.ballot.fan, song_id: answer.ballot.songId }));
  const last = range.first + range.count - 1;
  const [row] = rows<{ missing: string; repeated: string; stored: string; doubled: string }>(
    await db.execute(sql`
      with acked as (
        select * from jsonb_to_recordset(${JSON.stringify(acknowledged)}::jsonb)
          as a(vote_id bigint, fan integer, song_id uuid)
      ), range_votes as (
        select v.user_id, v.category_id from votes v join bench_users b on b.id = v.user_id
         where b.n between ${range.first} and ${last} and v.status = 'valid'
      )
      select (select count(*) from acked a left join bench_users b on b.n = a.fan
               where a.vote_id is null or not exists (
                 select 1 from votes v
                  where v.id = a.vote_id and v.user_id = b.id and v.song_id = a.song_id and v.status = 'valid'))
               as missing,
             (select count(*) - count(distinct vote_id) from acked) as repeated,
             (select count(*) from range_votes) as stored,
             (select count(*) from (select 1 from range_votes group by user_id, category_id having count(*) > 1) d)
               as doubled`),
  );
  const totals = await countVotesAndTallies(db);
  return {
    acknowledged: acknowledged.length,
    missing: Number(row!.missing),
    repeatedIds: Number(row!.repeated),
    stored: Number(row!.stored),
    doubledFanCategories: Number(row!.doubled),
    votes: totals.votes,
    tallies: totals.tallies,
    mismatchedSongs: totals.mismatchedSongs,
  };
}

/** What is wrong in an integrity check, as problem sentences (none: clean). */
export function integrityProblems(
  part: string,
  integrity: RangeIntegrity,
  /** Valid rows of the range that no 201 announced but that may exist (a commit whose answer was lost). */
  unacknowledgedAllowed = 0,
): string[] {
  const problems: string[] = [];
  if (integrity.missing > 0) problems.push(`${part}: ${integrity.missing} votes answered 201 are not stored`);
  if (integrity.repeatedIds > 0) problems.push(`${part}: a vote id was answered 201 twice`);
  const extra = integrity.stored - integrity.acknowledged;
  if (extra < 0 || extra > unacknowledgedAllowed)
    problems.push(
      `${part}: ${integrity.stored} vote rows stored for ${integrity.acknowledged} votes answered 201`,
    );
  if (integrity.doubledFanCategories > 0) problems.push(`${part}: a fan voted twice in one category`);
  if (integrity.votes !== integrity.tallies || integrity.mismatchedSongs > 0)
    problems.push(`${part}: totals differ from vote rows`);
  return problems;
}

/** 'all 12,000 stored once, 0 missing, 0 doubled; totals = rows (412,345)' */
export function formatIntegrity(integrity: RangeIntegrity) {
  const totals =
    integrity.votes === integrity.tallies && integrity.mismatchedSongs === 0
      ? `totals = valid rows (${integrity.votes.toLocaleString('en')})`
      : `totals ${integrity.tallies.toLocaleString('en')} ≠ valid rows ${integrity.votes.toLocaleString('en')} (${integrity.mismatchedSongs} songs off)`;
  return `${integrity.acknowledged.toLocaleString('en')} answered 201, ${integrity.stored.toLocaleString('en')} rows stored, ${integrity.missing} missing, ${integrity.doubledFanCategories} fan-category pairs doubled; ${totals}`;
}
