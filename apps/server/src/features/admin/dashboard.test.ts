import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signIn } from '../../test/accounts';
import {
  createAuditEntry,
  createCategory,
  createSong,
  createUser,
  createVote,
  setPlatformTimezone,
} from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

const DAY = 24 * 60 * 60 * 1000;
/** 00:30 on Friday 7 November 2025 in Lagos (UTC+1); 23:30 on Thursday in UTC. */
const NOW = new Date('2025-11-06T23:30:00Z');

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

const dashboard = async (token = admin.token) => {
  const response = await server.request('GET', '/api/admin/dashboard', { token });
  expect(response.status).toBe(200);
  return response.body.data;
};
const setTimezone = (timezone: string) => setPlatformTimezone(server.db, timezone);

beforeAll(async () => {
  server = await startTestServer();
  server.clock.set(NOW);
  // Signed in now: an active user.
  admin = await signIn(server, 'admin');
  const fan = await createUser(server.db, { role: 'fan', lastLogin: new Date(NOW.getTime() - 10 * DAY) });
  await createUser(server.db, { role: 'fan', lastLogin: new Date(NOW.getTime() - 31 * DAY) });
  await createUser(server.db, { role: 'artist' });

  const afrobeats = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  await createCategory(server.db, { name: 'Best Amapiano Song' });
  const song = await createSong(server.db, { categoryId: afrobeats.id, status: 'approved' });
  await createSong(server.db, { categoryId: afrobeats.id, status: 'approved' });
  await createSong(server.db, { categoryId: afrobeats.id, status: 'pending' });
  await createSong(server.db, { categoryId: afrobeats.id, status: 'rejected' });

  const vote = (createdAt: string, valid = true) =>
    createVote(server.db, {
      userId: fan.id,
      songId: song.id,
      categoryId: afrobeats.id,
      createdAt: new Date(createdAt),
      status: valid ? ('valid' as const) : ('invalid' as const),
    });
  await vote('2025-11-06T23:00:00Z'); // 00:00 Friday in Lagos: today
  await vote('2025-11-06T22:59:59Z'); // 23:59:59 Thursday in Lagos: this week, not today
  await vote('2025-11-02T23:00:00Z'); // 00:00 Monday 3 November in Lagos: this week
  await vote('2025-11-02T22:59:59Z'); // 23:59:59 Sunday in Lagos: last week
  await vote('2025-10-01T12:00:00Z'); // long ago
  await vote('2025-11-06T23:10:00Z', false); // voided by fraud review: never counted
  await setTimezone('Africa/Lagos');
});
afterAll(() => server.close());

describe('GET /api/admin/dashboard', () => {
  it('counts users, songs, votes and categories', async () => {
    const { stats } = await dashboard();
    expect(stats).toEqual({
      totalUsers: 4,
      totalSongs: 4,
      totalVotes: 5,
      totalCategories: 2,
      // The admin (just now) and the fan who signed in 10 days ago; not 31 days ago, not never.
      activeUsers: 2,
      verifiedSongs: 2,
      todayVotes: 1,
      weekVotes: 3,
    });
  });

  it('counts today and this week in the platform’s timezone', async () => {
    expect((await dashboard()).timezone).toBe('Africa/Lagos');
    // In UTC it is still Thursday 6 November, in a week that began on Monday 3 November 00:00 UTC.
    await setTimezone('UTC');
    const utc = await dashboard();
    expect(utc.timezone).toBe('UTC');
    expect(utc.stats).toMatchObject({ todayVotes: 2, weekVotes: 2, totalVotes: 5 });
    await setTimezone('Africa/Lagos');
  });

  it('starts a new day at midnight in Lagos and a new week on Monday', async () => {
    try {
      // Midnight exactly in Lagos: the vote cast at 00:00:00 is today's, the one a second earlier is not.
      server.clock.set(new Date('2025-11-06T23:00:00Z'));
      expect((await dashboard()).stats).toMatchObject({ todayVotes: 1, weekVotes: 3 });
      // Days later, each look with a session of its own (an hour idle ends a session).
      const dashboardAt = async (iso: string) => {
        server.clock.set(new Date(iso));
        return dashboard((await signIn(server, 'admin')).token);
      };
      // Sunday 23:30 in Lagos: no vote today, still the week of Monday 3 November.
      expect((await dashboardAt('2025-11-09T22:30:00Z')).stats).toMatchObject({
        todayVotes: 0,
        weekVotes: 3,
      });
      // Monday 00:30 in Lagos: a new week.
      expect((await dashboardAt('2025-11-09T23:30:00Z')).stats).toMatchObject({
        todayVotes: 0,
        weekVotes: 0,
      });
    } finally {
      server.clock.set(NOW);
    }
  });

  it('lists the 10 newest admin changes with a description, actor, target and time', async () => {
    const deleted = await createUser(server.db, { role: 'admin', name: 'Gone Admin' });
    const minute = 60 * 1000;
    const base = NOW.getTime() - 60 * minute;
    for (let index = 0; index < 11; index++) {
      await createAuditEntry(server.db, {
        action: 'song.approved',
        actorId: admin.user.id,
        targetType: 'song',
        targetId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        before: { title: `Song ${index}`, status: 'pending' },
        after: { title: `Song ${index}`, status: 'approved' },
        createdAt: new Date(base + index * minute),
      });
    }
    await createAuditEntry(server.db, {
      action: 'category.deleted',
      actorId: deleted.id,
      targetType: 'category',
      targetId: '00000000-0000-4000-8000-00000000c0de',
      before: { name: 'Best Kizomba Song' },
      createdAt: new Date(base + 20 * minute),
    });
    await server.db.delete(users).where(eq(users.id, deleted.id));
    // Sign-ins are security events, not admin activity.
    await createAuditEntry(server.db, {
      action: 'auth.login.success',
      actorId: admin.user.id,
      createdAt: new Date(base + 30 * minute),
    });

    const { recentActivity } = await dashboard();
    expect(recentActivity).toHaveLength(10);
    expect(recentActivity[0]).toEqual({
      _id: expect.any(String),
      action: 'category.deleted',
      description: 'A deleted account deleted the category "Best Kizomba Song"',
      actor: null,
      target: { type: 'category', id: '00000000-0000-4000-8000-00000000c0de', label: 'Best Kizomba Song' },
      timestamp: new Date(base + 20 * minute).toISOString(),
      // What the line changed, as the audit log keeps it: the screen says it in the admin's language.
      before: { name: 'Best Kizomba Song' },
      after: null,
    });
    expect(recentActivity[1]).toMatchObject({
      action: 'song.approved',
      description: `${admin.user.name} approved the song "Song 10"`,
      actor: { name: admin.user.name },
      target: { type: 'song', label: 'Song 10' },
      timestamp: new Date(base + 10 * minute).toISOString(),
      before: { title: 'Song 10', status: 'pending' },
      after: { title: 'Song 10', status: 'approved' },
    });
    expect(recentActivity.map((activity: { target: { label: string } }) => activity.target.label)).toEqual([
      'Best Kizomba Song',
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Song ${index}`),
    ]);
  });
});
