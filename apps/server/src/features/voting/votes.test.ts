import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, votes } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { saveVotingWindow } from './repository';

let server: TestServer;
let afro: { id: string; name: string };
let gospel: { id: string };
let essence: { id: string };
let jeje: { id: string };
let hymn: { id: string };
let pending: { id: string };

const HOUR = 60 * 60 * 1000;

async function openWindow(start = new Date(server.clock.now().getTime() - HOUR), days = 30) {
  await saveVotingWindow(server.db, {
    isEnabled: true,
    startDate: start,
    endDate: new Date(start.getTime() + days * 24 * HOUR),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  afro = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  gospel = await createCategory(server.db, { name: 'Best Gospel Song' });
  essence = await createSong(server.db, { categoryId: afro.id, title: 'Essence' });
  jeje = await createSong(server.db, { categoryId: afro.id, title: 'Love Me JeJe' });
  hymn = await createSong(server.db, { categoryId: gospel.id, title: 'Hymn' });
  pending = await createSong(server.db, { categoryId: afro.id, title: 'Pending', status: 'pending' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await openWindow();
});

const vote = (token: string | undefined, songId: string) =>
  server.request('POST', '/api/votes', { token, body: { songId } });

/** Sessions end after 30 idle minutes: sign in again after moving the clock by hours. */
async function relogin(account: { email: string; password: string }) {
  const response = await server.request('POST', '/api/auth/login', { body: account });
  return response.body.token as string;
}

async function tallyOf(songId: string) {
  const result = await server.db.execute(
    sql`select coalesce(sum(votes), 0)::int as total from song_vote_tallies where song_id = ${songId}`,
  );
  return Number((result as unknown as { rows: Array<{ total: number }> }).rows[0]!.total);
}
async function voteRowsOf(songId: string) {
  return (await server.db.select().from(votes).where(eq(votes.songId, songId))).length;
}

describe('who may vote', () => {
  it('asks a guest to log in', async () => {
    const response = await vote(undefined, essence.id);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Please login to vote for songs.');
  });

  it('refuses artists and admins with the fans-only message', async () => {
    for (const role of ['artist', 'admin'] as const) {
      const { token } = await signIn(server, role);
      const response = await vote(token, essence.id);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Only fans can vote for songs. Please login with a fan account.');
    }
  });

  it('refuses outside the window with the status reason', async () => {
    const { token } = await signIn(server);
    await openWindow(new Date(server.clock.now().getTime() + HOUR));
    expect((await vote(token, essence.id)).body.message).toBe('Voting has not started yet');
    await openWindow(new Date(server.clock.now().getTime() - 40 * 24 * HOUR));
    expect((await vote(token, essence.id)).body.message).toBe('Voting period has ended');
    await saveVotingWindow(server.db, { isEnabled: false, startDate: null, endDate: null });
    const disabled = await vote(token, essence.id);
    expect(disabled.status).toBe(403);
    expect(disabled.body.message).toBe('Voting is disabled by administrator');
  });

  it('refuses an unverified fan while verification is required', async () => {
    const { hashPassword } = await import('../../lib/passwords');
    const email = 'unverified-voter@example.com';
    await createUser(server.db, {
      email,
      emailVerified: false,
      passwordHash: await hashPassword('password123'),
    });
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false, requireEmailVerification: false },
    });
    const login = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
    });
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
    const response = await vote(login.body.token, essence.id);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('VERIFY_EMAIL_TO_VOTE');
  });

  it('refuses a song that is not approved, and bad input', async () => {
    const { token } = await signIn(server);
    expect((await vote(token, pending.id)).status).toBe(404);
    expect((await vote(token, 'not-a-uuid')).status).toBe(400);
  });

  it('requires the CAPTCHA when the setting is on', async () => {
    const { token } = await signIn(server);
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: true } });
    const response = await vote(token, essence.id);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please complete the CAPTCHA verification to vote');
    expect(await voteRowsOf(essence.id)).toBe(0);
  });
});

describe('the quota (defaults: 1 vote per category per 24 hours)', () => {
  it('accepts a first vote and reports the quota', async () => {
    const { token } = await signIn(server);
    const response = await vote(token, essence.id);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      dailyVoteCount: 1,
      dailyVoteLimit: 1,
      remainingVotes: 0,
      category: 'Best Afrobeats Song',
      message:
        "Vote submitted! You've reached the daily limit for Best Afrobeats Song. You can vote again tomorrow.",
    });
    expect(response.body.data.nextVoteTime).toBe(
      new Date(server.clock.now().getTime() + 24 * HOUR).toISOString(),
    );
    expect(response.body.data).toMatchObject({ remainingVotes: 0, quotaWindow: 'day' });
  });

  it("answers in the voter's language, and sends the facts the client words it from", async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 3 },
    });
    const account = await signIn(server);
    await server.db.update(users).set({ language: 'fr' }).where(eq(users.id, account.user.id));
    const first = await vote(await relogin(account), essence.id);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(
      "Vote enregistré ! Il vous reste 2 votes pour Best Afrobeats Song aujourd'hui.",
    );
    expect(first.body.data).toMatchObject({
      remainingVotes: 2,
      quotaWindow: 'day',
      category: 'Best Afrobeats Song',
    });

    const english = await signIn(server);
    await vote(english.token, essence.id);
    expect((await vote(english.token, jeje.id)).body.message).toBe(
      'Vote submitted! You have 1 vote remaining for Best Afrobeats Song today.',
    );
  });

  it('refuses a second vote in the category for 24 hours, not in another category', async () => {
    const account = await signIn(server);
    expect((await vote(account.token, essence.id)).status).toBe(201);
    const again = await vote(account.token, jeje.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You have already voted in this category today. You can vote again in 24 hours.',
    );
    expect((await vote(account.token, hymn.id)).status).toBe(201);
    server.clock.advance(23 * HOUR);
    expect((await vote(await relogin(account), jeje.id)).status).toBe(409);
    server.clock.advance(HOUR + 1000);
    expect((await vote(await relogin(account), jeje.id)).status).toBe(201);
  });

  it('counts a vote fraud review set aside: quarantined or invalid, it still used the quota', async () => {
    const account = await signIn(server);
    const first = await vote(account.token, essence.id);
    expect(first.status).toBe(201);
    for (const status of ['quarantined', 'invalid'] as const) {
      await server.db.update(votes).set({ status }).where(eq(votes.userId, account.user.id));
      const again = await vote(account.token, jeje.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ALREADY_VOTED_IN_CATEGORY_TODAY');
    }
  });

  it('records the network and a device signature with the vote', async () => {
    const { token, user } = await signIn(server);
    const response = await server.request('POST', '/api/votes', {
      token,
      body: { songId: essence.id },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Linux; Android 10; itel A56) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
        'accept-language': 'en-NG',
      },
    });
    expect(response.status).toBe(201);
    const [row] = await server.db.select().from(votes).where(eq(votes.userId, user.id));
    expect(row).toMatchObject({ status: 'valid', deviceType: 'mobile' });
    expect(row!.ipPrefix).toMatch(/^(127\.0\.0\.0\/24|0:0:0:0::\/64)$/);
    expect(row!.deviceSignature).toMatch(/^[0-9a-f]{16}$/);
  });

  it('allows dailyVotesPerCategory votes, one per song unless multiple votes are allowed', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 3 },
    });
    const { token } = await signIn(server);
    const first = await vote(token, essence.id);
    expect(first.body).toMatchObject({ remainingVotes: 2, dailyVoteLimit: 3 });
    expect(first.body.message).toBe(
      'Vote submitted! You have 2 votes remaining for Best Afrobeats Song today.',
    );
    const sameSong = await vote(token, essence.id);
    expect(sameSong.status).toBe(409);
    expect(sameSong.body.code).toBe('ALREADY_VOTED_FOR_SONG');
    expect((await vote(token, jeje.id)).body.remainingVotes).toBe(1);

    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 3, allowMultipleVotes: true, maxVotesPerUser: 2 },
    });
    expect((await vote(token, essence.id)).status).toBe(201);
    expect((await vote(token, essence.id)).status).toBe(409);
  });

  it('counts over the whole voting period when daily voting is off', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { enableDailyVoting: false, dailyVotesPerCategory: 1 },
    });
    const account = await signIn(server);
    const first = await vote(account.token, essence.id);
    expect(first.status).toBe(201);
    expect(first.body.message).toBe("Vote submitted! You've used all your votes for Best Afrobeats Song.");
    expect(first.body.data).toMatchObject({ remainingVotes: 0, quotaWindow: 'votingPeriod' });
    server.clock.advance(3 * 24 * HOUR);
    const later = await vote(await relogin(account), jeje.id);
    expect(later.status).toBe(409);
    expect(later.body.code).toBe('CATEGORY_VOTES_USED');
  });
});

describe('eligibility', () => {
  it('tells a fan whether they can vote in a category and for a song', async () => {
    const { token, user } = await signIn(server);
    const before = await server.request('GET', `/api/votes/check/${afro.id}`, { token });
    expect(before.body.data).toMatchObject({
      canVote: true,
      hasVoted: false,
      nextVoteTime: null,
      userId: user.id,
    });
    await vote(token, essence.id);
    const after = await server.request('GET', `/api/votes/check/${afro.id}`, { token });
    expect(after.body.data).toMatchObject({
      canVote: false,
      hasVoted: true,
      hasVotedToday: true,
      votedSongTitle: 'Essence',
    });
    expect(after.body.data.nextVoteTime).toBe(
      new Date(server.clock.now().getTime() + 24 * HOUR).toISOString(),
    );
    const song = await server.request('GET', `/api/votes/check-song/${jeje.id}`, { token });
    expect(song.body.data).toMatchObject({ canVote: false, hasVoted: false, hoursRemaining: 24 });
    const voted = await server.request('GET', `/api/votes/check-song/${essence.id}`, { token });
    expect(voted.body.data).toMatchObject({ canVote: false, hasVoted: true });
  });

  it('needs a session', async () => {
    expect((await server.request('GET', `/api/votes/check/${afro.id}`)).status).toBe(401);
  });

  it('shows voters to admins only', async () => {
    const fan = await signIn(server);
    await vote(fan.token, hymn.id);
    expect((await server.request('GET', `/api/votes/song/${hymn.id}`, { token: fan.token })).status).toBe(
      403,
    );
    const admin = await signIn(server, 'admin');
    const voters = await server.request('GET', `/api/votes/song/${hymn.id}`, { token: admin.token });
    expect(voters.status).toBe(200);
    expect(voters.body.data.map((voter: { user: { _id: string } }) => voter.user._id)).toContain(fan.user.id);
  });
});

describe('exactly once under concurrency', () => {
  it('accepts exactly the quota from 50 parallel votes of one fan in one category', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      votingSettings: { dailyVotesPerCategory: 2, allowMultipleVotes: true, maxVotesPerUser: 2 },
    });
    const { token, user } = await signIn(server);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => vote(token, index % 2 ? essence.id : jeje.id)),
    );
    const accepted = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status !== 201);
    expect(accepted).toHaveLength(2);
    expect(new Set(refused.map((response) => response.status))).toEqual(new Set([409, 429]));
    const rows = await server.db.select().from(votes).where(eq(votes.userId, user.id));
    expect(rows).toHaveLength(2);
  });

  it('keeps every total equal to its vote rows after a burst of many fans on one song', async () => {
    const fans = await Promise.all(Array.from({ length: 40 }, () => signIn(server)));
    const before = await tallyOf(jeje.id);
    const responses = await Promise.all(fans.map((fan) => vote(fan.token, jeje.id)));
    expect(responses.every((response) => response.status === 201)).toBe(true);
    expect(await tallyOf(jeje.id)).toBe(before + 40);
    for (const song of [essence, jeje, hymn]) expect(await tallyOf(song.id)).toBe(await voteRowsOf(song.id));
  });
});

describe('across two server instances on one PostgreSQL database', () => {
  it.runIf(process.env.DATABASE_URL)('still accepts exactly the quota', async () => {
    const second = await startTestServer({ sameDatabaseAs: server });
    try {
      const { token, user } = await signIn(server);
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          (index % 2 ? server : second).request('POST', '/api/votes', { token, body: { songId: hymn.id } }),
        ),
      );
      expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
      expect(await server.db.select().from(votes).where(eq(votes.userId, user.id))).toHaveLength(1);
      expect(await tallyOf(hymn.id)).toBe(await voteRowsOf(hymn.id));
    } finally {
      await second.close();
    }
  });
});
