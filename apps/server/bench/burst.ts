/**
 * (c) The opening burst: 12,000 fans who have not voted yet each send one vote, open loop at
 * 4,000 a second for 3 seconds (Junior Eurovision 2014 saw 37,000 attempts in its first 3 s), against
 * the benchmark server just as its window opens. Targets: all 12,000 answered 201 within 5 s of the first
 * request, no 5xx, p99 under 1 s; and every 201 stored exactly once.
 */
import type http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { type BenchCatalog, OPENING_FANS, rows } from './bench-data';
import {
  type Ballot,
  checkAcknowledgedVotes,
  formatIntegrity,
  formatStatuses,
  integrityProblems,
  type RangeIntegrity,
  sendVote,
  shuffle,
  summariseAnswers,
  transportFor,
  type VoteAnswer,
  voteAgent,
} from './vote-load';

/** 4 votes a millisecond: 12,000 in 3 s, the rate. */
const VOTES_PER_MS = 4;
/**
 * Connections the audience arrives on: a load balancer in front keeps a pool of upstream keep-alive
 * connections to each instance, far fewer than the phones behind it; 500 is more than such a pool.
 */
const SOCKETS = 500;
/** Four votes in five go to the three favourites, as when a show airs. */
const FAVOURITES_SHARE = 0.8;
const TARGET_ALL_ANSWERED_MS = 5000;
const TARGET_P99_MS = 1000;

export interface OpeningBurstResult {
  votes: number;
  /** How long after the window opened (as the server reported it) the first vote was sent. */
  openedBeforeMs: number;
  /** From the first request to the last answer. */
  spanMs: number;
  /** Largest delay between a vote's due time and its send: the client's own lag, inside every latency. */
  sendLagMs: number;
  /** Keep-alive connections open and idle when the first vote was sent (SOCKETS when the pool held). */
  openConnections: number;
  summary: ReturnType<typeof summariseAnswers>;
  integrity: RangeIntegrity;
}

/** One vote per fan of the range: most for the three favourites, the rest for any song. */
function openingBallots(catalog: BenchCatalog): Ballot[] {
  const songs = [...catalog.songsByCategory.values()].flat();
  return shuffle(
    Array.from({ length: OPENING_FANS.count }, (_, index) => ({
      fan: OPENING_FANS.first + index,
      songId:
        Math.random() < FAVOURITES_SHARE
          ? catalog.hotSongs[Math.floor(Math.random() * catalog.hotSongs.length)]!.id
          : songs[Math.floor(Math.random() * songs.length)]!,
    })),
  );
}

/**
 * Opens the window now (start_date = now()) and waits until the server reports that very start, i.e. its
 * 1 s memo of the voting settings has expired, rather than restarting it: the server stays warm, as it
 * would be on the night. Answers the previous start, put back after the burst for the parts that follow.
 */
async function openWindowNow(db: Database, baseUrl: string) {
  const [previous] = rows<{ start_date: Date | string | null }>(
    await db.execute(sql`select start_date from voting_settings where id = 1`),
  );
  const [opened] = rows<{ start_date: Date | string }>(
    await db.execute(sql`update voting_settings set start_date = now() where id = 1 returning start_date`),
  );
  const openedAt = new Date(opened!.start_date).getTime();
  for (;;) {
    const status = (await (await fetch(`${baseUrl}/api/voting-settings/status`)).json()) as {
      data: { startDate: string | null; isAllowed: boolean };
    };
    if (status.data.isAllowed && status.data.startDate && Date.parse(status.data.startDate) === openedAt)
      return { previousStart: previous!.start_date, openedAt };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens the connections before the window opens, as a load balancer's upstream pool already is on the
 * night: the burst measures votes, not TCP handshakes. That matters more than it seems: a Node process
 * accepts one new connection per turn of its event loop (libuv since 1.45), so a process busy with a
 * burst takes new connections at a few dozen a second, and votes sent on them wait a second or more
 * before the server even reads them. Answers how many connections are open and idle.
 */
async function openSockets(agent: http.Agent, server: URL) {
  await Promise.all(
    Array.from(
      { length: SOCKETS },
      () =>
        new Promise<void>((resolve) => {
          const request = transportFor(server).get(
            { agent, host: server.hostname, port: server.port, path: '/api/health' },
            (response) => {
              response.resume();
              response.on('end', () => resolve());
            },
          );
          request.on('error', () => resolve());
        }),
    ),
  );
  return Object.values(agent.freeSockets).reduce((open, sockets) => open + (sockets?.length ?? 0), 0);
}

/** Sends every ballot at its due time (VOTES_PER_MS), never waiting for answers; resolves once all are answered. */
async function sendOpenLoop(baseUrl: string, ballots: Ballot[]) {
  const server = new URL(baseUrl);
  const agent = voteAgent(SOCKETS, server);
  const openConnections = await openSockets(agent, server);
  const answers: VoteAnswer[] = [];
  const pending: Array<Promise<void>> = [];
  let sendLagMs = 0;
  const startedAt = performance.now();
  await new Promise<void>((resolve) => {
    let sent = 0;
    // Timers fire about once a millisecond: each tick sends every vote that has come due since the last.
    const tick = () => {
      const now = performance.now();
      const due = Math.min(ballots.length, Math.floor((now - startedAt) * VOTES_PER_MS) + 1);
      for (; sent < due; sent++) {
        const ballot = ballots[sent]!;
        const dueAt = startedAt + sent / VOTES_PER_MS;
        sendLagMs = Math.max(sendLagMs, now - dueAt);
        pending.push(
          sendVote(agent, server, ballot).then((answer) => {
            answers.push({ ballot, ...answer, startedAt: dueAt, answeredAt: performance.now() });
          }),
        );
      }
      if (sent < ballots.length) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  agent.destroy();
  const lastAnswer = answers.reduce((latest, answer) => Math.max(latest, answer.answeredAt), startedAt);
  return { answers, startedAt, spanMs: lastAnswer - startedAt, sendLagMs, openConnections };
}

/** Runs the opening burst against the running benchmark server and checks every vote it acknowledged. */
export async function runOpeningBurst(options: {
  db: Database;
  baseUrl: string;
  catalog: BenchCatalog;
}): Promise<OpeningBurstResult> {
  const { db, baseUrl } = options;
  const ballots = openingBallots(options.catalog);
  console.log(
    `Opening burst (c): the window opens, then ${ballots.length.toLocaleString('en')} fans vote at ${VOTES_PER_MS * 1000}/s…`,
  );
  const { previousStart, openedAt } = await openWindowNow(db, baseUrl);
  const openedBeforeMs = Date.now() - openedAt;
  const { answers, spanMs, sendLagMs, openConnections } = await sendOpenLoop(baseUrl, ballots);
  await db.execute(sql`update voting_settings set start_date = ${previousStart} where id = 1`);
  return {
    votes: ballots.length,
    openedBeforeMs,
    spanMs,
    sendLagMs,
    openConnections,
    summary: summariseAnswers(answers),
    integrity: await checkAcknowledgedVotes(db, OPENING_FANS, answers),
  };
}

/** Prints the opening burst's table; answers the targets it missed and its integrity problems. */
export function printOpeningBurst(result: OpeningBurstResult) {
  const { summary } = result;
  const ms = (value: number) => value.toFixed(0);
  console.log(
    `\nOpening burst (c): ${result.votes.toLocaleString('en')} fans, one vote each, open loop at ${VOTES_PER_MS * 1000}/s over ${result.openConnections} keep-alive connections opened beforehand, ${ms(result.openedBeforeMs)} ms after the window opened; latency from each vote's due time (client lag up to ${ms(result.sendLagMs)} ms included)\n`,
  );
  console.log('| measure | value | target |\n|---|---|---|');
  console.log(
    `| first request to last answer | ${ms(result.spanMs)} ms | all answered 201 within ${TARGET_ALL_ANSWERED_MS} ms |`,
  );
  console.log(
    `| latency p50 / p99 / max | ${ms(summary.p50Ms)} / ${ms(summary.p99Ms)} / ${ms(summary.maxMs)} ms | p99 < ${TARGET_P99_MS} ms |`,
  );
  console.log(`| answers by status | ${formatStatuses(summary.byStatus)} | all 201, no 5xx |`);
  console.log(`| integrity | ${formatIntegrity(result.integrity)} | every 201 stored once |`);
  const missedTargets: string[] = [];
  if (summary.accepted < result.votes)
    missedTargets.push(`opening burst: ${result.votes - summary.accepted} votes not answered 201`);
  if (result.spanMs > TARGET_ALL_ANSWERED_MS)
    missedTargets.push(`opening burst: last answer after ${ms(result.spanMs)} ms`);
  if (summary.serverErrors > 0) missedTargets.push(`opening burst: ${summary.serverErrors} answers 5xx`);
  if (summary.p99Ms >= TARGET_P99_MS) missedTargets.push(`opening burst: p99 ${ms(summary.p99Ms)} ms`);
  return {
    missedTargets,
    problems: integrityProblems('opening burst', result.integrity, summary.unsettled),
  };
}
