import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '@ovation/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, settings as settingsTable, votes } from '../../db/schema';
import { settingsChanged } from '../../lib/memo';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, saveVotingWindow } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { settingsFromStored } from './service';

let server: TestServer;
let admin: { token: string; user: { id: string } };
let category: { id: string; name: string };
let songs: Array<{ id: string }>;

const HOUR = 60 * 60 * 1000;

async function openWindow() {
  const now = server.clock.now().getTime();
  await saveVotingWindow(server.db, {
    isEnabled: true,
    startDate: new Date(now - HOUR),
    endDate: new Date(now + 30 * 24 * HOUR),
  });
}

/** The defaults with some voting rules changed: what the settings screen sends. */
function withVoting(change: Partial<PlatformSettings['votingSettings']>): PlatformSettings {
  const settings = structuredClone(DEFAULT_PLATFORM_SETTINGS);
  settings.securitySettings.requireCaptcha = false;
  Object.assign(settings.votingSettings, change);
  return settings;
}

/** The defaults with admin audit entries kept `years` years. */
function withAdminAuditYears(years: number): PlatformSettings {
  return { ...withVoting({}), retentionSettings: { adminAuditRetentionYears: years } };
}

const putSettings = (body: unknown, token = admin.token) =>
  server.request('PUT', '/api/admin/settings', { token, body });
const vote = (token: string, songId: string) =>
  server.request('POST', '/api/votes', { token, body: { songId } });

async function auditEntries(action: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, admin.user.id)))
    .orderBy(desc(auditLog.id));
}

async function tallyOf(songId: string) {
  const result = await server.db.execute(
    sql`select coalesce(sum(votes), 0)::int as total from song_vote_tallies where song_id = ${songId}`,
  );
  return Number((result as unknown as { rows: Array<{ total: number }> }).rows[0]!.total);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  songs = await Promise.all(
    ['Essence', 'Love Me JeJe', 'Calm Down', 'Rush'].map((title) =>
      createSong(server.db, { categoryId: category.id, title }),
    ),
  );
});
afterAll(() => server.close());
beforeEach(async () => {
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await openWindow();
});

describe('GET and PUT /api/admin/settings', () => {
  it('answers a guest 401 and a fan or artist 403, whatever they send', async () => {
    expect((await server.request('GET', '/api/admin/settings')).status).toBe(401);
    expect((await server.request('PUT', '/api/admin/settings', { body: { junk: true } })).status).toBe(401);
    for (const role of ['fan', 'artist'] as const) {
      const { token } = await signIn(server, role);
      const read = await server.request('GET', '/api/admin/settings', { token });
      expect(read.status).toBe(403);
      expect(read.body.message).toBe('Only administrators can access this page.');
      expect((await putSettings(withVoting({ dailyVotesPerCategory: 50 }), token)).status).toBe(403);
    }
    expect((await server.request('GET', '/api/admin/settings', { token: admin.token })).body.data).toEqual(
      withVoting({}),
    );
  });

  it('refuses out-of-range numbers with the field and its message, and stores nothing', async () => {
    const tooMany = await putSettings(withVoting({ dailyVotesPerCategory: 101 }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors[0]).toMatchObject({
      field: 'votingSettings.dailyVotesPerCategory',
      message: 'Daily votes per category must be a whole number from 1 to 100',
    });
    const none = await putSettings(withVoting({ maxVotesPerUser: 0 }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Max votes per user must be a whole number from 1 to 1000');
    expect((await putSettings(withVoting({ dailyVotesPerCategory: 2.5 }))).status).toBe(400);
    expect((await putSettings({ votingSettings: withVoting({}).votingSettings })).status).toBe(400);
    const stored = await server.request('GET', '/api/admin/settings', { token: admin.token });
    expect(stored.body.data.votingSettings).toEqual(DEFAULT_PLATFORM_SETTINGS.votingSettings);
  });

  it('saves the settings and audits each change with its old and new value, and nothing when nothing changed', async () => {
    const before = (await auditEntries('settings.platform.changed')).length;
    const saved = await putSettings(withVoting({ allowMultipleVotes: true, maxVotesPerUser: 3 }));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Settings updated successfully');
    expect(saved.body.data.votingSettings).toMatchObject({ allowMultipleVotes: true, maxVotesPerUser: 3 });
    const [entry] = await auditEntries('settings.platform.changed');
    expect(entry!.details).toEqual({
      votingOpen: true,
      changes: [
        { setting: 'votingSettings.allowMultipleVotes', from: false, to: true },
        { setting: 'votingSettings.maxVotesPerUser', from: 1, to: 3 },
      ],
    });
    expect(entry!.ip).toBe('127.0.0.1');
    expect((await putSettings(withVoting({ allowMultipleVotes: true, maxVotesPerUser: 3 }))).status).toBe(
      200,
    );
    expect(await auditEntries('settings.platform.changed')).toHaveLength(before + 1);
  });
});

describe('how long admin audit entries are kept', () => {
  it('takes 1 to 10 whole years: refuses 0 and 11 with the field and its message, saves 3 and audits it', async () => {
    for (const years of [0, 11, 2.5]) {
      const refused = await putSettings(withAdminAuditYears(years));
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0]).toMatchObject({
        field: 'retentionSettings.adminAuditRetentionYears',
        message: 'Years to keep admin audit entries must be a whole number from 1 to 10',
      });
    }
    const stored = await server.request('GET', '/api/admin/settings', { token: admin.token });
    expect(stored.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 1 });

    const saved = await putSettings(withAdminAuditYears(3));
    expect(saved.status).toBe(200);
    expect(saved.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 3 });
    const [entry] = await auditEntries('settings.platform.changed');
    expect(entry!.details).toEqual({
      votingOpen: true,
      changes: [{ setting: 'retentionSettings.adminAuditRetentionYears', from: 1, to: 3 }],
    });
    const read = await server.request('GET', '/api/admin/settings', { token: admin.token });
    expect(read.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 3 });
    expect((await putSettings(withAdminAuditYears(10))).status).toBe(200);
  });

  it('answers the default of 1 year for settings stored before the setting existed, and keeps the others', async () => {
    const changed = withAdminAuditYears(4);
    changed.votingSettings.dailyVotesPerCategory = 6;
    expect((await putSettings(changed)).status).toBe(200);
    // What a deployment from before this setting has stored: no retentionSettings at all.
    await server.db.execute(
      sql`update ${settingsTable} set value = value - 'retentionSettings' where ${settingsTable.key} = 'platform'`,
    );
    settingsChanged(server.db);
    const read = await server.request('GET', '/api/admin/settings', { token: admin.token });
    expect(read.status).toBe(200);
    expect(read.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 1 });
    expect(read.body.data.votingSettings.dailyVotesPerCategory).toBe(6);
  });

  it('keeps the stored years when a client written against the spec sends the settings without the group', async () => {
    expect((await putSettings(withAdminAuditYears(5))).status).toBe(200);
    const { retentionSettings: _left, ...specShaped } = withVoting({ dailyVotesPerCategory: 2 });
    const saved = await putSettings(specShaped as PlatformSettings);
    expect(saved.status).toBe(200);
    expect(saved.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 5 });
    expect(saved.body.data.votingSettings.dailyVotesPerCategory).toBe(2);
  });
});

describe('two admins saving at once', () => {
  it('take turns, so each audit entry starts from what the other stored', async () => {
    const second = await signIn(server, 'admin');
    const before = (await auditEntries('settings.platform.changed')).length;
    const responses = await Promise.all([
      putSettings(withVoting({ dailyVotesPerCategory: 7 })),
      putSettings(withVoting({ dailyVotesPerCategory: 9 }), second.token),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const entries = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.platform.changed'))
      .orderBy(desc(auditLog.id))
      .limit(2);
    const [later, earlier] = entries.map(
      (entry) => (entry.details as { changes: Array<{ from: unknown; to: unknown }> }).changes[0]!,
    );
    expect(earlier!.from).toBe(1);
    expect(later!.from).toBe(earlier!.to);
    const byFirstAdmin = (await auditEntries('settings.platform.changed')).length;
    expect(byFirstAdmin).toBe(before + 1);
    await putSettings(withVoting({}));
  });
});

describe('settings stored under older rules', () => {
  it('keeps every valid setting and falls back only for the invalid one', () => {
    const settings = settingsFromStored({
      votingSettings: { maxVotesPerUser: 5000, dailyVotesPerCategory: 4 },
      securitySettings: { requireCaptcha: 'yes', requireEmailVerification: false },
    });
    expect(settings.votingSettings).toMatchObject({ maxVotesPerUser: 1, dailyVotesPerCategory: 4 });
    expect(settings.securitySettings).toEqual({
      requireCaptcha: true,
      requireEmailVerification: false,
      requireAdminSecondFactor: false,
    });
    expect(settingsFromStored(undefined)).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });
});

describe('changing the voting rules while the window is open', () => {
  it('applies from the next vote, keeps the votes already cast, and never counts one twice', async () => {
    const fan = await signIn(server);
    expect((await vote(fan.token, songs[0]!.id)).status).toBe(201);
    const refused = await vote(fan.token, songs[1]!.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'You have already voted in this category today. You can vote again in 24 hours.',
    );

    // Raised to 3 a day: the fan has 2 more today, counting the vote already cast.
    expect((await putSettings(withVoting({ dailyVotesPerCategory: 3 }))).status).toBe(200);
    const second = await vote(fan.token, songs[1]!.id);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ dailyVoteCount: 2, dailyVoteLimit: 3, remainingVotes: 1 });

    // Lowered back to 1: both votes stand, the next one is refused under the new limit.
    expect((await putSettings(withVoting({ dailyVotesPerCategory: 1 }))).status).toBe(200);
    const third = await vote(fan.token, songs[2]!.id);
    expect(third.status).toBe(409);
    expect(third.body.dailyVoteLimit).toBe(1);
    const check = await server.request('GET', `/api/votes/check/${category.id}`, { token: fan.token });
    expect(check.body.data).toMatchObject({ canVote: false });

    const rows = await server.db.select().from(votes).where(eq(votes.userId, fan.user.id));
    expect(rows).toHaveLength(2);
    for (const song of songs) {
      const songRows = await server.db.select().from(votes).where(eq(votes.songId, song.id));
      expect(await tallyOf(song.id)).toBe(songRows.length);
    }
    const [entry] = await auditEntries('settings.platform.changed');
    expect(entry!.details).toEqual({
      votingOpen: true,
      changes: [{ setting: 'votingSettings.dailyVotesPerCategory', from: 3, to: 1 }],
    });
  });

  it('lets a fan vote for one song several times only once multiple votes are allowed', async () => {
    await putSettings(withVoting({ dailyVotesPerCategory: 5 }));
    const fan = await signIn(server);
    expect((await vote(fan.token, songs[3]!.id)).status).toBe(201);
    const again = await vote(fan.token, songs[3]!.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You have already voted for this song. You can vote for it again when your votes renew.',
    );
    await putSettings(withVoting({ dailyVotesPerCategory: 5, allowMultipleVotes: true, maxVotesPerUser: 2 }));
    expect((await vote(fan.token, songs[3]!.id)).status).toBe(201);
    expect((await vote(fan.token, songs[3]!.id)).status).toBe(409);
    await putSettings(withVoting({}));
  });
});

describe('GET, PUT /api/voting-settings and POST /api/voting-settings/reset', () => {
  const window = (start: number, end: number, extra: Record<string, unknown> = {}) => ({
    isEnabled: true,
    startDate: new Date(server.clock.now().getTime() + start * HOUR).toISOString(),
    endDate: new Date(server.clock.now().getTime() + end * HOUR).toISOString(),
    timezone: 'Africa/Lagos',
    notes: 'Finals night',
    ...extra,
  });
  const putWindow = (body: unknown, token = admin.token) =>
    server.request('PUT', '/api/voting-settings', { token, body });

  it('is for admins only', async () => {
    expect((await server.request('GET', '/api/voting-settings')).status).toBe(401);
    const { token } = await signIn(server);
    expect((await server.request('GET', '/api/voting-settings', { token })).status).toBe(403);
    expect((await putWindow(window(-1, 1), token)).status).toBe(403);
    expect((await server.request('POST', '/api/voting-settings/reset', { token })).status).toBe(403);
  });

  it('refuses a start after the end, long notes and unknown timezones, and keeps the window', async () => {
    const backwards = await putWindow(window(2, 1));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors[0]).toMatchObject({
      field: 'endDate',
      message: 'Start date must be before end date',
    });
    const notes = await putWindow(window(-1, 1, { notes: 'x'.repeat(501) }));
    expect(notes.body.message).toBe('Notes must be at most 500 characters');
    const zone = await putWindow(window(-1, 1, { timezone: 'Mars/Olympus' }));
    expect(zone.body.message).toBe('Please choose a timezone from the list');
    expect((await putWindow(window(-1, 1, { startDate: 'tomorrow' }))).status).toBe(400);
    const yearZero = await putWindow(window(-1, 1, { startDate: '0000-01-01T00:00:00Z' }));
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.message).toBe('Please enter a valid date and time');
    expect((await putWindow(window(-1, 1, { endDate: '+275760-09-13T00:00:00Z' }))).status).toBe(400);
    const current = await server.request('GET', '/api/voting-settings', { token: admin.token });
    expect(current.body.data).toMatchObject({ isEnabled: true, timezone: 'UTC', notes: '' });
  });

  it('takes an empty date as an open side of the window', async () => {
    const open = await putWindow(window(-1, 1, { endDate: '' }));
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ endDate: null, currentStatus: { isAllowed: true } });
  });

  it('saves the window with its status and audit, and voting follows it at once', async () => {
    const saved = await putWindow(window(-1, 48));
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Voting settings updated successfully');
    expect(saved.body.data).toMatchObject({
      isEnabled: true,
      timezone: 'Africa/Lagos',
      notes: 'Finals night',
      currentStatus: { isAllowed: true, reason: 'Voting is active' },
    });

    const fan = await signIn(server);
    const off = await putWindow(window(-1, 48, { isEnabled: false }));
    expect(off.body.data.currentStatus).toMatchObject({
      isAllowed: false,
      reason: 'Voting is disabled by administrator',
    });
    const refused = await vote(fan.token, songs[0]!.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Voting is disabled by administrator');
    const status = await server.request('GET', '/api/voting-settings/status');
    expect(status.body.data.reason).toBe('Voting is disabled by administrator');

    const [entry] = await auditEntries('settings.voting.changed');
    expect(entry!.details).toMatchObject({
      reset: false,
      votingOpenBefore: true,
      votingOpenAfter: false,
      after: { isEnabled: false, timezone: 'Africa/Lagos', notes: 'Finals night' },
    });
  });

  it('resets to the defaults (voting off), with or without an empty JSON body, and audits the reset', async () => {
    const bare = await server.request('POST', '/api/voting-settings/reset', { token: admin.token });
    expect(bare.status).toBe(200);
    expect(bare.body.message).toBe('Voting settings reset to defaults');
    expect(bare.body.data).toMatchObject({
      isEnabled: false,
      startDate: null,
      endDate: null,
      timezone: 'UTC',
      notes: '',
      currentStatus: { isAllowed: false, reason: 'Voting is disabled by administrator' },
    });
    const empty = await server.request('POST', '/api/voting-settings/reset', {
      token: admin.token,
      body: {},
    });
    expect(empty.status).toBe(200);
    const [entry] = await auditEntries('settings.voting.changed');
    expect(entry!.details).toMatchObject({ reset: true, votingOpenAfter: false });
  });
});

describe('a settings change across two instances sharing Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.runIf(shared)('reaches the other instance before its next vote', async () => {
    const redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const first = await startTestServer({ redis: redis[0] });
    const second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
    try {
      const firstAdmin = await signIn(first, 'admin');
      const otherCategory = await createCategory(first.db, { name: 'Best Gospel Song' });
      const [one, two] = await Promise.all(
        ['Hymn', 'Psalm'].map((title) => createSong(first.db, { categoryId: otherCategory.id, title })),
      );
      await setPlatformSettings(first.db, { securitySettings: { requireCaptcha: false } });
      const now = first.clock.now().getTime();
      second.clock.set(first.clock.now());
      await saveVotingWindow(first.db, {
        isEnabled: true,
        startDate: new Date(now - HOUR),
        endDate: new Date(now + HOUR),
      });
      const fan = await signIn(second);
      const onSecond = (songId: string) =>
        second.request('POST', '/api/votes', { token: fan.token, body: { songId } });
      expect((await onSecond(one!.id)).status).toBe(201);
      // The second instance now holds the settings in memory; the change is made on the first.
      const change = withVoting({ dailyVotesPerCategory: 2 });
      const saved = await first.request('PUT', '/api/admin/settings', {
        token: firstAdmin.token,
        body: change,
      });
      expect(saved.status).toBe(200);
      // Well under the 1 s the memo would otherwise keep the old settings.
      await expect
        .poll(async () => (await onSecond(two!.id)).status, { timeout: 400, interval: 25 })
        .toBe(201);
    } finally {
      await second.close();
      await first.close();
      for (const client of redis) client.disconnect();
    }
  });
});
