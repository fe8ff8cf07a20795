/**
 * (d) Two instances: two more server processes on the benchmark database and one Redis, the
 * load split between them, 25 connections each. Every fan sends its vote in a category to both instances
 * at the same moment (a different song of that category to each), and exactly one of the two may be
 * accepted: the quota row lock in the database decides, whichever process asks.
 */
import type { Database } from '../src/lib/db';
import { pickFreePort } from '../src/test/ports';
import { type BenchCatalog, INSTANCE_FANS } from './bench-data';
import {
  type Ballot,
  checkAcknowledgedVotes,
  formatIntegrity,
  formatStatuses,
  integrityProblems,
  type RangeIntegrity,
  sendVote,
  shuffle,
  startServer,
  stopServer,
  summariseAnswers,
  type VoteAnswer,
  voteAgent,
} from './vote-load';

/** Half of the benchmark's 50 connections on each instance. */
const CONNECTIONS_PER_INSTANCE = 25;
/** Categories each fan votes in: 8 × 2 instances = 16 requests, under the 20 a minute each fan may send. */
const CATEGORIES_PER_FAN = 8;
/**
 * Fresh processes compile their hot paths first: not measured, as run.ts's warm-up (their votes are
 * checked all the same).
 */
const WARMUP_SECONDS = 5;

interface InstanceRun {
  requests: number;
  seconds: number;
  summary: ReturnType<typeof summariseAnswers>;
}

export interface InstancesResult {
  instances: InstanceRun[];
  /**
   * (fan, category) pairs both instances answered (warm-up included), and of those how many got 201 from
   * one, both, none.
   */
  pairsAnsweredTwice: number;
  acceptedOnce: number;
  acceptedTwice: number;
  refusedTwice: number;
  /** Votes, warm-up included, whose fate their client does not know (no answer, or a 5xx). */
  unsettled: number;
  integrity: RangeIntegrity;
}

const pickOf = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

/** The two ballots of each (fan, category) pair, one per instance, in one shuffled order. */
function pairedBallots(catalog: BenchCatalog) {
  const pairs: Array<[Ballot, Ballot]> = [];
  for (let index = 0; index < INSTANCE_FANS.count; index++) {
    const fan = INSTANCE_FANS.first + index;
    const categories = shuffle([...catalog.categoryIds]);
    for (const categoryId of categories.slice(0, CATEGORIES_PER_FAN)) {
      const songs = catalog.songsByCategory.get(categoryId)!;
      const first = pickOf(songs);
      const second = pickOf(songs.filter((song) => song !== first));
      pairs.push([
        { fan, songId: first },
        { fan, songId: second },
      ]);
    }
  }
  return shuffle(pairs);
}

/**
 * Closed loop over the pairs from `from`: each of CONNECTIONS_PER_INSTANCE clients sends a pair's two
 * votes at once, one to each instance, and takes the next pair when both are answered.
 */
async function votePairs(baseUrls: string[], pairs: Array<[Ballot, Ballot]>, from: number, seconds: number) {
  const servers = baseUrls.map((baseUrl) => new URL(baseUrl));
  const agents = servers.map(() => voteAgent(CONNECTIONS_PER_INSTANCE));
  const answers: VoteAnswer[][] = servers.map(() => []);
  const startedAt = performance.now();
  const deadline = startedAt + seconds * 1000;
  let next = from;
  const client = async () => {
    while (performance.now() < deadline && next < pairs.length) {
      const pair = pairs[next++]!;
      await Promise.all(
        pair.map(async (ballot, side) => {
          const sentAt = performance.now();
          const answer = await sendVote(agents[side]!, servers[side]!, ballot);
          answers[side]!.push({ ballot, ...answer, startedAt: sentAt, answeredAt: performance.now() });
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS_PER_INSTANCE }, client));
  for (const agent of agents) agent.destroy();
  return { answers, taken: next, seconds: (performance.now() - startedAt) / 1000 };
}

/**
 * Starts two instances with REDIS_URL (default the local Redis) on the benchmark database, votes through
 * both for `seconds`, stops them and checks every acknowledged vote. Their Redis namespace comes from the
 * database URL (app.ts), and the benchmark database's name is random: nothing meets another run's keys.
 */
export async function runInstancesBench(options: {
  db: Database;
  databaseUrl: string;
  catalog: BenchCatalog;
  seconds: number;
}): Promise<InstancesResult> {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pairs = pairedBallots(options.catalog);
  console.log(`Two instances (d): starting two servers with Redis at ${redisUrl}…`);
  const ports = [await pickFreePort(), await pickFreePort()];
  const servers = [];
  try {
    // One after the other: the second start finds the migrations applied by the first.
    for (const port of ports)
      servers.push(
        await startServer({ port, environment: { DATABASE_URL: options.databaseUrl, REDIS_URL: redisUrl } }),
      );
    console.log('Two instances (d): each fan votes through both…');
    const baseUrls = ports.map((port) => `http://127.0.0.1:${port}`);
    const warmup = await votePairs(baseUrls, pairs, 0, WARMUP_SECONDS);
    const measured = await votePairs(baseUrls, pairs, warmup.taken, options.seconds);
    const all = [0, 1].map((side) => [...warmup.answers[side]!, ...measured.answers[side]!]);
    const statusOf = all.map((answers) => new Map(answers.map((answer) => [answer.ballot, answer.status])));
    let pairsAnsweredTwice = 0;
    let acceptedOnce = 0;
    let acceptedTwice = 0;
    let refusedTwice = 0;
    for (const [first, second] of pairs) {
      const statuses = [statusOf[0]!.get(first), statusOf[1]!.get(second)];
      if (statuses.some((status) => status === undefined || status === 0)) continue;
      pairsAnsweredTwice++;
      const accepted = statuses.filter((status) => status === 201).length;
      if (accepted === 1) acceptedOnce++;
      else if (accepted === 2) acceptedTwice++;
      else if (statuses.every((status) => status! >= 400 && status! < 500)) refusedTwice++;
    }
    for (const server of servers.splice(0)) await stopServer(server);
    return {
      instances: measured.answers.map((answers) => ({
        requests: answers.length,
        seconds: measured.seconds,
        summary: summariseAnswers(answers),
      })),
      pairsAnsweredTwice,
      acceptedOnce,
      acceptedTwice,
      refusedTwice,
      unsettled: summariseAnswers(all.flat()).unsettled,
      integrity: await checkAcknowledgedVotes(options.db, INSTANCE_FANS, all.flat()),
    };
  } finally {
    for (const server of servers) await stopServer(server);
  }
}

/** Prints the two instances' table; answers the targets it missed and its integrity problems. */
export function printInstancesBench(result: InstancesResult) {
  const perSecond = (count: number, seconds: number) => Math.round(count / seconds);
  console.log(
    `\nTwo instances (d): two more server processes on the benchmark database and one Redis, ${CONNECTIONS_PER_INSTANCE} connections each; each fan sends its vote in a category to both (${CATEGORIES_PER_FAN} categories a fan)\n`,
  );
  console.log(
    '| instance | requests/s | accepted/s | p50 ms | p99 ms | answers |\n|---|---|---|---|---|---|',
  );
  for (const [index, instance] of result.instances.entries()) {
    const { summary } = instance;
    console.log(
      `| ${index + 1} | ${perSecond(instance.requests, instance.seconds)} | ${perSecond(summary.accepted, instance.seconds)} | ${summary.p50Ms.toFixed(1)} | ${summary.p99Ms.toFixed(1)} | ${formatStatuses(summary.byStatus)} |`,
    );
  }
  const seconds = Math.max(...result.instances.map((instance) => instance.seconds));
  const accepted = result.instances.reduce((sum, instance) => sum + instance.summary.accepted, 0);
  const requests = result.instances.reduce((sum, instance) => sum + instance.requests, 0);
  console.log(`| both | ${perSecond(requests, seconds)} | ${perSecond(accepted, seconds)} | | | |`);
  console.log(
    `\nTwo instances: ${result.pairsAnsweredTwice.toLocaleString('en')} fan-category pairs answered by both, ${result.acceptedOnce.toLocaleString('en')} accepted by exactly one, ${result.acceptedTwice} by both, ${result.refusedTwice} refused by both; ${formatIntegrity(result.integrity)}`,
  );
  const { unsettled } = result;
  const problems = integrityProblems('two instances', result.integrity, unsettled);
  if (result.acceptedTwice > 0) problems.push('two instances: a vote accepted by both instances');
  if (result.refusedTwice > 0) problems.push('two instances: a fan refused by both instances');
  const missedTargets = unsettled > 0 ? [`two instances: ${unsettled} votes without a clear answer`] : [];
  return { missedTargets, problems };
}
