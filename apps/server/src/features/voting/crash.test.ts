import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { type Database, openDatabase, rowsOf } from '../../lib/db';
import { setPlatformSettings } from '../../test/accounts';
import { createTestDatabase } from '../../test/database';
import { createCategory, createSong, createUser, openVoting } from '../../test/factories';
import { pickFreePort } from '../../test/server';
import { startSession } from '../sessions/service';

/**
 * No acknowledged vote is ever lost. The real server runs in a child process (as `npm start`
 * does); fans vote in parallel, the server is killed with SIGKILL mid-burst and started again on the same
 * data. Every vote answered 201 must then be stored exactly once, and the totals must equal the valid rows.
 */

const serverRoot = path.resolve(import.meta.dirname, '../../..');
const FANS = 150;
const CATEGORIES = 2;
/** Votes in flight at once: a burst, not a queue. */
const PARALLEL = 100;
/** The kill comes once a quarter of the votes are answered: mid-burst. */
const KILL_AFTER_ANSWERS = (FANS * CATEGORIES) / 4;
/** A first start migrates a new embedded database (about 12 s alone, more beside other test files). */
const START_TIMEOUT_MS = 45_000;

interface Ballot {
  token: string;
  userId: string;
  songId: string;
}
interface Answer {
  ballot: Ballot;
  /** 0: no answer (the server died). */
  status: number;
  voteId?: string;
}

/** Fans with sessions, categories with songs, voting open and no CAPTCHA: one vote per fan and category. */
async function seedBallots(db: Database): Promise<Ballot[]> {
  await setPlatformSettings(db, { securitySettings: { requireCaptcha: false } });
  await openVoting(db);
  const songsByCategory: string[][] = [];
  for (let index = 0; index < CATEGORIES; index++) {
    const category = await createCategory(db);
    songsByCategory.push([
      (await createSong(db, { categoryId: category.id })).id,
      (await createSong(db, { categoryId: category.id })).id,
    ]);
  }
  const ballots: Ballot[] = [];
  for (let index = 0; index < FANS; index++) {
    const user = await createUser(db);
    const { token } = await startSession(db, systemClock, user.id, {
      ip: '127.0.0.1',
      userAgent: null,
      deviceType: 'desktop',
      ipPrefix: '127.0.0.0/24',
      deviceSignature: null,
      deviceId: null,
      country: null,
    });
    for (const songs of songsByCategory)
      ballots.push({ token, userId: user.id, songId: songs[index % songs.length]! });
  }
  return ballots;
}

/** The server as `npm start` runs it, on its own port; resolves once it answers /api/health. */
async function startServer(environment: Record<string, string | undefined>) {
  const port = await pickFreePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Production's settings (https, SMTP, a shared secret) are beside the point here.
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_SEED: '0',
    WEB_DIST: '',
  };
  for (const [name, value] of Object.entries(environment)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => {
    errors += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { child, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start: ${errors}`);
}

function exitOf(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function vote(baseUrl: string, ballot: Ballot): Promise<Answer> {
  try {
    const response = await fetch(`${baseUrl}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ballot.token}` },
      body: JSON.stringify({ songId: ballot.songId }),
    });
    const body = (await response.json()) as { data?: { voteId?: string } };
    return { ballot, status: response.status, voteId: body.data?.voteId };
  } catch {
    return { ballot, status: 0 };
  }
}

/**
 * Sends the ballots PARALLEL at a time; `onAnswer` hears the number of answers so far. A sender stops at
 * its first vote without an answer, so each vote ends answered, unanswered (in flight when the server
 * died) or not sent.
 */
async function sendAll(baseUrl: string, ballots: Ballot[], onAnswer: (answered: number) => void = () => {}) {
  const answers: Answer[] = [];
  let next = 0;
  const sender = async () => {
    while (next < ballots.length) {
      const answer = await vote(baseUrl, ballots[next++]!);
      answers.push(answer);
      if (answer.status === 0) return;
      onAnswer(answers.length);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, sender));
  return { answers, notSent: ballots.slice(next) };
}

/**
 * Votes in a burst, SIGKILLs the server mid-burst, restarts it, sends again what went unanswered and what
 * was never sent, stops it, and checks the database `openCheck` opens.
 */
async function killMidBurstAndCheck(options: {
  ballots: Ballot[];
  environment: Record<string, string | undefined>;
  openCheck: () => Promise<{ db: Database; close(): Promise<void> }>;
}) {
  const { ballots, environment } = options;
  const children: ChildProcess[] = [];
  let burst: Awaited<ReturnType<typeof sendAll>>;
  let again: Awaited<ReturnType<typeof sendAll>>;
  let unanswered: Ballot[];
  try {
    const first = await startServer(environment);
    children.push(first.child);
    burst = await sendAll(first.baseUrl, ballots, (answered) => {
      if (answered === KILL_AFTER_ANSWERS) first.child.kill('SIGKILL');
    });
    await exitOf(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    unanswered = burst.answers.filter((answer) => answer.status === 0).map((answer) => answer.ballot);

    const second = await startServer(environment);
    children.push(second.child);
    again = await sendAll(second.baseUrl, [...unanswered, ...burst.notSent]);
    second.child.kill('SIGTERM');
    await exitOf(second.child);
  } finally {
    // A failed start or assertion must not leave a server running.
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  const acknowledgedBeforeKill = burst.answers.filter((answer) => answer.status === 201);
  expect(acknowledgedBeforeKill.length).toBeGreaterThan(0);
  expect(unanswered.length).toBeGreaterThan(0);
  expect(burst.answers.filter((answer) => answer.status !== 201 && answer.status !== 0)).toEqual([]);
  // Each vote is now settled: 201, or 409 for an unanswered vote whose first try had committed.
  const inFlight = new Set(unanswered);
  expect(
    again.answers.filter(
      (answer) => answer.status !== 201 && !(answer.status === 409 && inFlight.has(answer.ballot)),
    ),
  ).toEqual([]);
  expect(again.answers).toHaveLength(unanswered.length + burst.notSent.length);

  const acknowledged = [
    ...acknowledgedBeforeKill,
    ...again.answers.filter((answer) => answer.status === 201),
  ];
  const check = await options.openCheck();
  try {
    const stored = rowsOf<{ id: string; user_id: string; song_id: string }>(
      await check.db.execute(sql`select id::text, user_id, song_id from votes where status = 'valid'`),
    );
    const byId = new Map(stored.map((row) => [row.id, row]));
    const notStored = acknowledged.filter((answer) => {
      const row = answer.voteId ? byId.get(answer.voteId) : undefined;
      return row?.user_id !== answer.ballot.userId || row.song_id !== answer.ballot.songId;
    });
    expect(notStored).toEqual([]);
    expect(new Set(acknowledged.map((answer) => answer.voteId)).size).toBe(acknowledged.length);
    // One vote per ballot, whether its 201 arrived or its first try committed unseen.
    expect(stored).toHaveLength(ballots.length);
    const [counts] = rowsOf<{ doubled: number; off: number }>(
      await check.db.execute(sql`
        select (select count(*)::int from (select 1 from votes where status = 'valid'
                 group by user_id, category_id having count(*) > 1) d) as doubled,
               (select count(*)::int from songs s
                 where (select count(*) from votes v where v.song_id = s.id and v.status = 'valid')
                    <> coalesce((select sum(t.votes) from song_vote_tallies t where t.song_id = s.id), 0)) as off`),
    );
    expect(counts).toEqual({ doubled: 0, off: 0 });
  } finally {
    await check.close();
  }
}

describe('a server killed with SIGKILL mid-burst', () => {
  it.runIf(process.env.DATABASE_URL)(
    'keeps every vote it acknowledged on PostgreSQL',
    async () => {
      const database = await createTestDatabase();
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-crash-'));
      try {
        const ballots = await seedBallots(database.db);
        await killMidBurstAndCheck({
          ballots,
          environment: { DATABASE_URL: database.url, DATA_DIR: dataDir },
          openCheck: async () => ({ db: database.db, close: async () => {} }),
        });
      } finally {
        await database.close();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('keeps every vote it acknowledged on the embedded database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-crash-'));
    try {
      // PGlite lives in one process: seeded here and closed before the server opens it, read after it stops.
      const seeding = await openDatabase({ dataDir });
      await seeding.migrate();
      const ballots = await seedBallots(seeding.db);
      await seeding.close();
      await killMidBurstAndCheck({
        ballots,
        environment: { DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir },
        openCheck: () => openDatabase({ dataDir }),
      });
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
