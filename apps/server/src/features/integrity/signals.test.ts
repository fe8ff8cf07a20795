import type { IntegritySignals, VoteCluster } from '@ovation/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, votes } from '../../db/schema';
import { createSeededRandom } from '../../db/seed/deterministic';
import { signIn } from '../../test/accounts';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { isConcentrated } from './signal-clusters';
import { forgetIntegritySignals } from './signal-service';

let server: TestServer;
let admin: { token: string };
let now: Date;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  now = server.clock.now();
});
afterAll(() => server.close());
// Each test reads signals computed from the rows it just wrote, not the ones kept from the last test.
beforeEach(() => forgetIntegritySignals(server.db));

const asAdmin = (url: string) => server.request('GET', url, { token: admin.token });

let accountNumber = 0;
/** A run of letters for a number (0 -> 'a', 26 -> 'ba'): addresses without digits share no e-mail pattern. */
function letters(value: number): string {
  let text = '';
  let rest = value;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
}

/** Fans created long ago, verified the same day, with addresses that share no pattern (unless given). */
async function createFans(
  count: number,
  options: {
    email?: (index: number) => string;
    createdAt?: (index: number) => Date;
    verifiedAfterMs?: number;
  } = {},
) {
  const rows = Array.from({ length: count }, (_, index) => {
    const createdAt = options.createdAt?.(index) ?? ago(60 * DAY + index * MINUTE);
    const name = `fan.${letters(accountNumber++)}`;
    return {
      name,
      email: options.email?.(index) ?? `${name}@example.org`,
      role: 'fan' as const,
      emailVerified: true,
      createdAt,
      emailVerifiedAt: new Date(createdAt.getTime() + (options.verifiedAfterMs ?? HOUR)),
    };
  });
  return server.db.insert(users).values(rows).returning({ id: users.id, createdAt: users.createdAt });
}

type VoteRow = typeof votes.$inferInsert;
async function insertVotes(rows: VoteRow[]) {
  for (let start = 0; start < rows.length; start += 500) {
    await server.db.insert(votes).values(rows.slice(start, start + 500));
  }
}

/** A category with five songs that ordinary fans favour 40/25/15/12/8 per cent. */
async function createContest() {
  const category = await createCategory(server.db);
  const songs = [];
  for (let index = 0; index < 5; index++)
    songs.push(await createSong(server.db, { categoryId: category.id }));
  return { category, songs };
}
type Contest = Awaited<ReturnType<typeof createContest>>;

/** A device signature: 16 hex digits, `offset` above `base`. */
const signature = (base: bigint, offset: number) => (base + BigInt(offset)).toString(16);

/**
 * One vote per fan for `song` of the contest, from the network and device and at the time `cast` says
 * for each: the votes a test plants beside the ordinary ones.
 */
function votesFor(
  contest: Contest,
  song: { id: string },
  fans: { id: string; createdAt: Date }[],
  cast: (
    index: number,
    fan: { createdAt: Date },
  ) => Pick<VoteRow, 'ip' | 'ipPrefix' | 'deviceType' | 'deviceSignature' | 'createdAt'>,
): VoteRow[] {
  return fans.map((fan, index) => ({
    userId: fan.id,
    songId: song.id,
    categoryId: contest.category.id,
    ...cast(index, fan),
  }));
}
const ORDINARY_WEIGHTS = [0.4, 0.25, 0.15, 0.12, 0.08];

function pickWeighted(random: () => number, weights: number[]) {
  let target = random();
  for (let index = 0; index < weights.length; index++) {
    target -= weights[index]!;
    if (target <= 0) return index;
  }
  return weights.length - 1;
}

/**
 * Ordinary voting: `count` fans, each from one of 150 networks and one of 40 browsers, one vote each at
 * a random time over the last `spreadMs`, for the songs by the ordinary weights.
 */
async function castOrdinaryVotes(
  contest: Contest,
  count: number,
  options: { seed: number; spreadMs: number; ipPrefix?: (index: number) => string; endAgoMs?: number },
) {
  const random = createSeededRandom(options.seed);
  const fans = await createFans(count);
  const rows = fans.map((fan, index): VoteRow => {
    const network = Math.floor(random() * 150);
    const prefix = options.ipPrefix?.(index) ?? `41.${100 + (network % 50)}.${network}.0/24`;
    return {
      userId: fan.id,
      songId: contest.songs[pickWeighted(random, ORDINARY_WEIGHTS)]!.id,
      categoryId: contest.category.id,
      ip: prefix.replace('0/24', String(1 + Math.floor(random() * 250))),
      ipPrefix: prefix,
      deviceType: 'mobile',
      deviceSignature: signature(0x1000_0000_0000_0000n, Math.floor(random() * 40)),
      createdAt: ago((options.endAgoMs ?? 0) + Math.floor(random() * options.spreadMs)),
    };
  });
  await insertVotes(rows);
  return rows;
}

async function signalsOf(categoryId: string, window = '24h'): Promise<IntegritySignals> {
  const response = await asAdmin(`/api/admin/integrity/signals?categoryId=${categoryId}&window=${window}`);
  expect(response.status).toBe(200);
  return response.body.data;
}

function clustersOfKind(signals: IntegritySignals, kind: VoteCluster['kind']) {
  return signals.clusters.filter((cluster) => cluster.kind === kind);
}

/** The category's one cluster: the test planted it beside ordinary votes, and nothing else is a lead. */
async function onlyCluster(categoryId: string): Promise<VoteCluster> {
  const signals = await signalsOf(categoryId);
  expect(signals.clusters).toHaveLength(1);
  return signals.clusters[0]!;
}

async function votesOfFilter(filter: Record<string, unknown>, extra = '') {
  const query = new URLSearchParams(
    Object.entries(filter).map(([key, value]) => [key, String(value)]) as Array<[string, string]>,
  );
  return asAdmin(`/api/admin/integrity/votes?${query}${extra}`);
}

describe('GET /api/admin/integrity/signals: network clusters', () => {
  it('flags 30 accounts voting from one /24 within 5 minutes for one song, with its size, share and span', async () => {
    const contest = await createContest();
    const ordinary = await castOrdinaryVotes(contest, 300, { seed: 1, spreadMs: DAY - HOUR });
    const target = contest.songs[3]!;
    const burstFans = await createFans(30);
    const burst = votesFor(contest, target, burstFans, (index) => ({
      ip: `102.89.7.${10 + index}`,
      ipPrefix: '102.89.7.0/24',
      deviceType: 'mobile',
      deviceSignature: signature(0xb000_0000_0000_0000n, index),
      createdAt: ago(40 * MINUTE - index * 10_000),
    }));
    await insertVotes(burst);

    const signals = await signalsOf(contest.category.id);
    expect(signals.categoryId).toBe(contest.category.id);
    const network = clustersOfKind(signals, 'network');
    expect(network).toHaveLength(1);
    const songVotes = ordinary.filter((vote) => vote.songId === target.id).length + 30;
    expect(network[0]).toMatchObject({
      kind: 'network',
      label: '102.89.7.0/24',
      categoryId: contest.category.id,
      categoryName: contest.category.name,
      songId: target.id,
      songTitle: target.title,
      accounts: 30,
      votes: 30,
      validVotes: 30,
      firstAt: burst[0]!.createdAt!.toISOString(),
      lastAt: burst[29]!.createdAt!.toISOString(),
    });
    expect(network[0]!.shareOfSongVotes).toBeCloseTo(30 / songVotes, 3);
    expect(network[0]!.filter).toEqual({
      ipPrefix: '102.89.7.0/24',
      songId: target.id,
      from: burst[0]!.createdAt!.toISOString(),
      to: burst[29]!.createdAt!.toISOString(),
    });
    // Nothing else about the ordinary votes is a lead.
    expect(signals.clusters.map((cluster) => cluster.kind)).toEqual(['network']);

    // The cluster's filter lists exactly its votes, with the network prefix and never an address.
    const listed = await votesOfFilter(network[0]!.filter, '&limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.pagination).toMatchObject({ total: 30, page: 1, limit: 100, pages: 1 });
    expect(listed.body.data.map((vote: { fan: { _id: string } }) => vote.fan._id).sort()).toEqual(
      burstFans.map((fan) => fan.id).sort(),
    );
    expect(listed.body.data[0]).toMatchObject({
      status: 'valid',
      song: { _id: target.id, title: target.title },
      category: { _id: contest.category.id, name: contest.category.name },
      ipPrefix: '102.89.7.0/24',
      deviceType: 'mobile',
      review: null,
      createdAt: burst[29]!.createdAt!.toISOString(),
    });
    const text = JSON.stringify(listed.body);
    for (const vote of burst) expect(text).not.toContain(`"${vote.ip}"`);
    expect(text).not.toMatch(/102\.89\.7\.(?!0\/24)\d/);
    expect(text).not.toContain('"ip"');

    // The quarantine takes the cluster's filter as it is; the signals then count its votes as set aside.
    const quarantine = await server.request('POST', '/api/admin/integrity/quarantine', {
      token: admin.token,
      body: { reason: 'Thirty accounts from one network in five minutes', filter: network[0]!.filter },
    });
    expect(quarantine.body.success).toBe(true);
    expect(quarantine.body.data.changed).toBe(30);
    forgetIntegritySignals(server.db);
    const after = clustersOfKind(await signalsOf(contest.category.id), 'network');
    expect(after[0]).toMatchObject({ votes: 30, validVotes: 0 });
    const setAside = await votesOfFilter({ ...network[0]!.filter, status: 'quarantined' });
    expect(setAside.body.pagination.total).toBe(30);
    expect(setAside.body.data[0].review).toEqual({
      id: quarantine.body.data.review.id,
      reason: 'Thirty accounts from one network in five minutes',
    });
  });

  it('does not flag ordinary votes spread over many networks, nor one busy carrier network that votes like everybody', async () => {
    const contest = await createContest();
    await castOrdinaryVotes(contest, 400, { seed: 2, spreadMs: 20 * HOUR });
    // A carrier's shared address: 150 fans in 40 minutes, choosing as everybody does.
    await castOrdinaryVotes(contest, 150, {
      seed: 3,
      spreadMs: 40 * MINUTE,
      endAgoMs: 2 * HOUR,
      ipPrefix: () => '197.210.55.0/24',
    });
    for (const window of ['1h', '6h', '24h', '7d', 'all']) {
      const signals = await signalsOf(contest.category.id, window);
      expect(signals.clusters).toEqual([]);
    }
  });
});

describe('GET /api/admin/integrity/signals: other clusters', () => {
  it('flags one device signature behind 20 accounts on different networks voting for one song within minutes', async () => {
    const contest = await createContest();
    await castOrdinaryVotes(contest, 300, { seed: 4, spreadMs: DAY - HOUR });
    const target = contest.songs[4]!;
    const fans = await createFans(20);
    await insertVotes(
      votesFor(contest, target, fans, (index) => ({
        ip: `105.112.${index}.9`,
        ipPrefix: `105.112.${index}.0/24`,
        deviceType: 'desktop',
        deviceSignature: 'd3v1ced3v1ced3v1',
        createdAt: ago(3 * HOUR - index * 15_000),
      })),
    );
    const cluster = await onlyCluster(contest.category.id);
    expect(cluster).toMatchObject({
      kind: 'device',
      label: 'd3v1ced3v1ced3v1',
      songId: target.id,
      accounts: 20,
      votes: 20,
      filter: { deviceSignature: 'd3v1ced3v1ced3v1', songId: target.id },
    });
    const listed = await votesOfFilter(cluster.filter);
    expect(listed.body.pagination.total).toBe(20);
  });

  it('flags accounts created in a burst that voted for one song minutes after verifying', async () => {
    const contest = await createContest();
    await castOrdinaryVotes(contest, 300, { seed: 5, spreadMs: DAY - HOUR });
    const target = contest.songs[2]!;
    const burstStart = ago(5 * HOUR);
    const fans = await createFans(18, {
      createdAt: (index) => new Date(burstStart.getTime() + index * 25_000),
      verifiedAfterMs: 40_000,
    });
    await insertVotes(
      votesFor(contest, target, fans, (index, fan) => ({
        ip: `154.160.${index}.4`,
        ipPrefix: `154.160.${index}.0/24`,
        deviceType: 'mobile',
        deviceSignature: signature(0xe000_0000_0000_0000n, index),
        // Two minutes after verifying, all within a quarter of an hour of the first account.
        createdAt: new Date(fan.createdAt.getTime() + 40_000 + 2 * MINUTE),
      })),
    );
    const burst = await onlyCluster(contest.category.id);
    expect(burst).toMatchObject({ kind: 'registration-burst', songId: target.id, accounts: 18, votes: 18 });
    // The label and the filter name the accounts' first and last creation.
    const createdFrom = fans[0]!.createdAt.toISOString();
    const createdTo = fans[17]!.createdAt.toISOString();
    expect(burst.label).toBe(`${createdFrom}/${createdTo}`);
    expect(burst.filter).toMatchObject({
      songId: target.id,
      accountsCreatedFrom: createdFrom,
      accountsCreatedTo: createdTo,
    });
    const listed = await votesOfFilter(burst.filter);
    expect(listed.body.pagination.total).toBe(18);
  });

  it('flags many accounts with near-identical addresses voting for one song, however slowly', async () => {
    const contest = await createContest();
    await castOrdinaryVotes(contest, 300, { seed: 6, spreadMs: DAY - HOUR });
    const target = contest.songs[3]!;
    const fans = await createFans(16, { email: (index) => `AfroVote${101 + index * 7}@Mailbox.test` });
    await insertVotes(
      votesFor(contest, target, fans, (index) => ({
        ip: `41.203.${index}.77`,
        ipPrefix: `41.203.${index}.0/24`,
        deviceType: 'mobile',
        deviceSignature: signature(0xa000_0000_0000_0000n, index),
        // One every 50 minutes: no burst in time, only in the addresses.
        createdAt: ago(30 * MINUTE + index * 50 * MINUTE),
      })),
    );
    const cluster = await onlyCluster(contest.category.id);
    expect(cluster).toMatchObject({
      kind: 'email-pattern',
      label: 'afrovote#@mailbox.test',
      songId: target.id,
      accounts: 16,
      votes: 16,
      filter: { emailPattern: 'afrovote#@mailbox.test', songId: target.id },
    });
    const listed = await votesOfFilter(cluster.filter, '&limit=100');
    expect(listed.body.pagination.total).toBe(16);
    expect(
      listed.body.data.every((vote: { fan: { email: string } }) => /^AfroVote\d+@/.test(vote.fan.email)),
    ).toBe(true);
  });
});

describe('GET /api/admin/integrity/signals: velocity', () => {
  it('draws votes per minute and flags a minute far above the song’s own previous half hour, not a steady flow', async () => {
    const contest = await createContest();
    const [steady, spiking] = contest.songs;
    const fans = await createFans(5);
    const rows: VoteRow[] = [];
    const minuteStart = Math.floor(now.getTime() / MINUTE) * MINUTE;
    const at = (minutesAgo: number, second: number) =>
      new Date(minuteStart - minutesAgo * MINUTE + second * 1000);
    for (let minutesAgo = 100; minutesAgo >= 1; minutesAgo--) {
      // The steady song: 12 votes every minute. The other: one a minute, then 25 in one minute.
      for (let vote = 0; vote < 12; vote++)
        rows.push({
          userId: fans[vote % 5]!.id,
          songId: steady!.id,
          categoryId: contest.category.id,
          createdAt: at(minutesAgo, vote * 4),
        });
      const count = minutesAgo === 10 ? 25 : 1;
      for (let vote = 0; vote < count; vote++)
        rows.push({
          userId: fans[vote % 5]!.id,
          songId: spiking!.id,
          categoryId: contest.category.id,
          createdAt: at(minutesAgo, vote * 2),
        });
    }
    await insertVotes(rows);

    const signals = await signalsOf(contest.category.id, '1h');
    expect(signals.velocity.bucketSeconds).toBe(60);
    const byId = new Map(signals.velocity.series.map((series) => [series.songId, series]));
    expect(signals.velocity.series[0]!.songId).toBe(steady!.id);
    const steadySeries = byId.get(steady!.id)!;
    expect(steadySeries.spikes).toEqual([]);
    const spikingSeries = byId.get(spiking!.id)!;
    expect(spikingSeries.spikes).toEqual([{ at: at(10, 0).toISOString(), votes: 25, baseline: 1 }]);
    // Points cover the window minute by minute, zeros included.
    expect(spikingSeries.points.length).toBeGreaterThanOrEqual(60);
    const pointAt = (series: typeof spikingSeries, instant: Date) =>
      series.points.find(([epochSeconds]) => epochSeconds * 1000 === instant.getTime())?.[1];
    expect(pointAt(spikingSeries, at(10, 0))).toBe(25);
    expect(pointAt(spikingSeries, at(11, 0))).toBe(1);
    expect(pointAt(steadySeries, at(3, 0))).toBe(12);
    expect(spikingSeries.points.at(-1)![1]).toBe(0);
    expect(Date.parse(signals.window.to)).toBe(now.getTime());
  });

  it('uses wider buckets for the week and every vote', async () => {
    const contest = await createContest();
    const week = await signalsOf(contest.category.id, '7d');
    expect(week.velocity.bucketSeconds).toBe(600);
    expect(Date.parse(week.window.to) - Date.parse(week.window.from)).toBeGreaterThanOrEqual(7 * DAY);
    const all = await signalsOf(contest.category.id, 'all');
    expect(all.velocity.bucketSeconds).toBeGreaterThanOrEqual(60);
  });
});

describe('GET /api/admin/integrity/signals and /votes: refusals', () => {
  it('answers 404 for an unknown category and 400 for an unknown window', async () => {
    const unknown = await asAdmin(
      '/api/admin/integrity/signals?categoryId=00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('CATEGORY_NOT_FOUND');
    expect((await asAdmin('/api/admin/integrity/signals?window=2d')).status).toBe(400);
    const overall = await asAdmin('/api/admin/integrity/signals');
    expect(overall.status).toBe(200);
    expect(overall.body.data.categoryId).toBeNull();
    expect(
      Date.parse(overall.body.data.window.to) - Date.parse(overall.body.data.window.from),
    ).toBeGreaterThanOrEqual(DAY);
  });

  it('refuses a filter it cannot read with 400: a full address, a bad id, status or date, an unknown field', async () => {
    for (const query of [
      'ipPrefix=102.89.7.23',
      'ipPrefix=102.89.7.0/16',
      'songId=not-an-id',
      'status=deleted',
      'from=yesterday',
      'deviceSignature=abc%21%21',
      'reviewId=0',
      'emailPattern=nobody',
      'ip=102.89.7.23',
      'limit=101',
    ]) {
      const response = await asAdmin(`/api/admin/integrity/votes?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('VALIDATION_ERROR');
    }
  });

  it('answers 404 for a category, song or review of the filter that does not exist, not an empty list', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [filter, code] of [
      [{ categoryId: unknown }, 'CATEGORY_NOT_FOUND'],
      [{ songId: unknown }, 'SONG_NOT_FOUND'],
      [{ songId: unknown, status: 'quarantined', page: 2 }, 'SONG_NOT_FOUND'],
      [{ reviewId: 987_654_321 }, 'REVIEW_NOT_FOUND'],
    ] as const) {
      const response = await votesOfFilter(filter);
      expect(response.status, JSON.stringify(filter)).toBe(404);
      expect(response.body.code, JSON.stringify(filter)).toBe(code);
    }
    // Ids that exist but select no vote: an empty page, as before.
    const contest = await createContest();
    const nothing = await votesOfFilter({ categoryId: contest.category.id, songId: contest.songs[0]!.id });
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual([]);
    expect(nothing.body.pagination.total).toBe(0);
  });

  it('is for admins only', async () => {
    const fan = await signIn(server, 'fan');
    for (const url of ['/api/admin/integrity/signals', '/api/admin/integrity/votes']) {
      expect((await server.request('GET', url, { token: fan.token })).status).toBe(403);
      expect((await server.request('GET', url)).status).toBe(401);
    }
  });
});

describe('GET /api/admin/integrity/votes', () => {
  it('pages a filter’s votes newest first (50 by default), filters by status, and counts them all', async () => {
    const contest = await createContest();
    const rows = await castOrdinaryVotes(contest, 120, { seed: 7, spreadMs: 10 * HOUR });
    const newestFirst = [...rows].sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime());

    const first = await votesOfFilter({ categoryId: contest.category.id });
    expect(first.body.pagination).toEqual({ page: 1, limit: 50, total: 120, pages: 3 });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.data[0].createdAt).toBe(newestFirst[0]!.createdAt!.toISOString());

    const third = await votesOfFilter({ categoryId: contest.category.id, page: 3 });
    expect(third.body.data).toHaveLength(20);
    expect(third.body.data.at(-1).createdAt).toBe(newestFirst[119]!.createdAt!.toISOString());

    const oldest = await votesOfFilter({ categoryId: contest.category.id, order: 'asc', limit: 5 });
    expect(oldest.body.data[0].createdAt).toBe(newestFirst[119]!.createdAt!.toISOString());
    expect(oldest.body.pagination).toMatchObject({ total: 120, pages: 24 });

    const beyond = await votesOfFilter({ categoryId: contest.category.id, page: 9 });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.pagination.total).toBe(120);

    const span = await votesOfFilter({
      categoryId: contest.category.id,
      from: newestFirst[9]!.createdAt!.toISOString(),
      to: newestFirst[0]!.createdAt!.toISOString(),
    });
    expect(span.body.pagination.total).toBe(10);

    expect(
      (await votesOfFilter({ categoryId: contest.category.id, status: 'quarantined' })).body.data,
    ).toEqual([]);
    expect(
      (await votesOfFilter({ categoryId: contest.category.id, status: 'valid' })).body.pagination.total,
    ).toBe(120);
  });
});

describe('isConcentrated: a group is a lead only far beyond the song’s reference share', () => {
  const reference = { songReference: 400, categoryReference: 1000 }; // the song takes 40% of the rest

  it('needs at least 15 votes', () => {
    expect(isConcentrated({ votes: 14, categoryVotes: 14, ...reference })).toBe(false);
  });

  it('needs to close half the gap between the reference share and 100%, and 4 standard deviations', () => {
    // 40% elsewhere: the group must give it 70%. 60 of 100 is too few; 75 of 100 is a lead.
    expect(
      isConcentrated({ votes: 60, categoryVotes: 100, songReference: 460, categoryReference: 1100 }),
    ).toBe(false);
    expect(
      isConcentrated({ votes: 75, categoryVotes: 100, songReference: 475, categoryReference: 1100 }),
    ).toBe(true);
    // 15 of 20 is 75% but within chance for so few votes at 40%.
    expect(
      isConcentrated({ votes: 15, categoryVotes: 20, songReference: 415, categoryReference: 1020 }),
    ).toBe(false);
  });

  it('keeps the group’s own votes in the reference when everybody else cast fewer than 50', () => {
    // The group is the electorate: it follows itself.
    expect(isConcentrated({ votes: 40, categoryVotes: 90, songReference: 41, categoryReference: 120 })).toBe(
      false,
    );
    // Nobody else voted for the song at all, with enough others to say so.
    expect(isConcentrated({ votes: 30, categoryVotes: 30, songReference: 30, categoryReference: 330 })).toBe(
      true,
    );
  });

  it('never flags the only song of its category', () => {
    expect(isConcentrated({ votes: 50, categoryVotes: 50, songReference: 500, categoryReference: 500 })).toBe(
      false,
    );
  });
});
