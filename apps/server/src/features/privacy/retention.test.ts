import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deviceAccounts,
  emailVerifications,
  mailsSent,
  passwordResets,
  sessions,
  socialAccounts,
  songViews,
  users,
  votes,
} from '../../db/schema';
import { rowsOf } from '../../lib/db';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createAuditEntry, createCategory, createSong, createVote, openVoting } from '../../test/factories';
import { jobsOf } from '../../test/jobs';
import { startTestServer, type TestServer } from '../../test/server';
import { dryRunJob, findJob, runJob } from '../jobs/service';

const DAY = 86_400_000;

let server: TestServer;
let category: { id: string };
let song: { id: string };

const jobs = () => jobsOf(server);
const daysAgo = (days: number) => new Date(server.clock.now().getTime() - days * DAY);

beforeAll(async () => {
  server = await startTestServer();
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await openVoting(server.db);
  category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  song = await createSong(server.db, { categoryId: category.id, title: 'Essence' });
});
afterAll(() => server.close());

/** A fan who voted for the song from a browser with a device id, with a social identity and a pending code. */
async function fanWhoVoted() {
  const fan = await signIn(server, 'fan');
  const vote = await server.request('POST', '/api/votes', {
    token: fan.token,
    body: { songId: song.id },
    headers: { 'x-device-id': crypto.randomUUID() },
  });
  expect(vote.status).toBe(201);
  await server.db
    .insert(socialAccounts)
    .values({ userId: fan.user.id, provider: 'google', providerUserId: fan.email });
  await server.db.insert(deviceAccounts).values({ userId: fan.user.id, deviceId: crypto.randomUUID() });
  await server.db.insert(emailVerifications).values({
    userId: fan.user.id,
    codeHash: 'hash',
    expiresAt: new Date(server.clock.now().getTime() + 600_000),
  });
  await server.db
    .insert(mailsSent)
    .values({ userId: fan.user.id, kind: 'verification-code', recipient: fan.email });
  return fan;
}

async function deactivate(userId: string, at: Date) {
  await server.db.update(users).set({ isActive: false, deactivatedAt: at }).where(eq(users.id, userId));
}

/** Every total an admin or the public reads: none may move when a retention job runs. */
async function totals() {
  // Signed in afresh: the tests move the clock by days, past any session's idle limit.
  const admin = await signIn(server, 'admin');
  const [analytics, stats, categories] = await Promise.all([
    server.request('GET', '/api/admin/analytics', { token: admin.token }),
    server.request('GET', '/api/stats'),
    server.request('GET', '/api/categories', { token: admin.token }),
  ]);
  expect(analytics.status).toBe(200);
  return { analytics: analytics.body.data, stats: stats.body.data, categories: categories.body.data };
}

async function userRow(id: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function countFor(userId: string) {
  const [row] = rowsOf<Record<string, number>>(
    await server.db.execute(sql`
      select
        (select count(*)::int from ${sessions} where ${sessions.userId} = ${userId}) as sessions,
        (select count(*)::int from ${socialAccounts} where ${socialAccounts.userId} = ${userId}) as social,
        (select count(*)::int from ${deviceAccounts} where ${deviceAccounts.userId} = ${userId}) as devices,
        (select count(*)::int from ${emailVerifications} where ${emailVerifications.userId} = ${userId}) as codes,
        (select count(*)::int from ${mailsSent} where ${mailsSent.userId} = ${userId}) as mails,
        (select count(*)::int from ${votes} where ${votes.userId} = ${userId}) as votes,
        (select count(*)::int from ${votes} where ${votes.userId} = ${userId}
           and (${votes.ip} is not null or ${votes.deviceId} is not null)) as traced_votes`),
  );
  return row!;
}

describe('retention: accounts erased 30 days after deactivation', () => {
  it('keeps an account deactivated 29 days ago, erases it at 31 days, and its vote still counts', async () => {
    const fan = await fanWhoVoted();
    await deactivate(fan.user.id, daysAgo(29));
    const before = await totals();
    const retention = findJob(jobs(), 'retention');

    const kept = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(kept).toMatchObject({ status: 'succeeded', rows: { users_erased: 0 } });
    expect((await userRow(fan.user.id)).email).toBe(fan.email);

    server.clock.advance(2 * DAY);
    const erased = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(erased).toMatchObject({ status: 'succeeded', rows: { users_erased: 1 } });

    const row = await userRow(fan.user.id);
    expect(row).toMatchObject({
      name: '',
      email: `erased-${fan.user.id}@erased.invalid`,
      phoneNumber: null,
      country: null,
      state: null,
      avatar: null,
      bio: '',
      passwordHash: null,
      isActive: false,
    });
    expect(row.erasedAt).toEqual(server.clock.now());
    expect(await countFor(fan.user.id)).toEqual({
      sessions: 0,
      social: 0,
      devices: 0,
      codes: 0,
      mails: 0,
      votes: 1,
      traced_votes: 0,
    });
    expect(await totals()).toEqual(before);

    // Nobody signs in as what is left, with the old address or the new one.
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(login.status).toBe(401);

    // An admin sees the account as erased, and can neither reactivate it nor give it a role.
    const admin = await signIn(server, 'admin');
    const listed = await server.request('GET', `/api/admin/users?search=${fan.user.id}`, {
      token: admin.token,
    });
    expect(listed.status).toBe(200);
    for (const [path, body] of [
      ['status', { isActive: true }],
      ['role', { role: 'artist' }],
    ] as const) {
      const refused = await server.request('PATCH', `/api/admin/users/${fan.user.id}/${path}`, {
        token: admin.token,
        body,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('ACCOUNT_ERASED');
    }
    expect(listed.body.data).toEqual([
      expect.objectContaining({ _id: fan.user.id, name: '', erasedAt: server.clock.now().toISOString() }),
    ]);

    // A second run finds nothing more to do.
    const again = await runJob(jobs(), retention, { trigger: 'cli', instance: 'test' });
    expect(again).toMatchObject({ rows: { users_erased: 0 } });
  });

  it('never erases an account reactivated within the 30 days, nor an active one', async () => {
    const back = await fanWhoVoted();
    await deactivate(back.user.id, daysAgo(40));
    await server.db.update(users).set({ isActive: true }).where(eq(users.id, back.user.id));
    const active = await fanWhoVoted();

    await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
    expect((await userRow(back.user.id)).email).toBe(back.email);
    expect((await userRow(active.user.id)).email).toBe(active.email);
  });

  it('a dry run counts what it would erase and changes nothing', async () => {
    const fan = await fanWhoVoted();
    await deactivate(fan.user.id, daysAgo(31));
    const rows = await dryRunJob(jobs(), findJob(jobs(), 'retention'), server.clock.now());
    expect(rows.users_erased).toBe(1);
    expect((await userRow(fan.user.id)).email).toBe(fan.email);
    await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
  });

  it('leaves no half-erased account when a run is interrupted, and the next run finishes', async () => {
    const fan = await fanWhoVoted();
    await deactivate(fan.user.id, daysAgo(31));
    const before = await countFor(fan.user.id);
    // The erasure fails half-way (after the user row and the sessions, at the device links).
    await server.db.execute(
      sql.raw(`create function refuse_device_delete() returns trigger language plpgsql as
        $$ begin raise exception 'interrupted'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger interrupt_erasure before delete on device_accounts for each row
        when (old.user_id = '${fan.user.id}') execute function refuse_device_delete()`),
    );
    try {
      const failed = await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
      expect(failed.status).toBe('failed');
      expect((await userRow(fan.user.id)).email).toBe(fan.email);
      expect(await countFor(fan.user.id)).toEqual(before);
    } finally {
      await server.db.execute(sql.raw('drop trigger interrupt_erasure on device_accounts'));
      await server.db.execute(sql.raw('drop function refuse_device_delete()'));
    }
    const rerun = await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
    expect(rerun).toMatchObject({ status: 'succeeded', rows: { users_erased: 1 } });
    expect((await userRow(fan.user.id)).erasedAt).not.toBeNull();
  });
});

describe('retention: security logs kept a year, admin entries as long as the settings say', () => {
  const yearsAgo = (years: number, days = 0) => {
    const date = new Date(server.clock.now());
    date.setUTCFullYear(date.getUTCFullYear() - years);
    return new Date(date.getTime() - days * DAY);
  };
  const auditIdsLeft = async () =>
    new Set((await server.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id));
  const runRetention = () =>
    runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });

  /** An admin sets how long admin audit entries are kept, as the settings screen does. */
  async function keepAdminEntriesFor(years: number) {
    const admin = await signIn(server, 'admin');
    const current = await server.request('GET', '/api/admin/settings', { token: admin.token });
    const saved = await server.request('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { ...current.body.data, retentionSettings: { adminAuditRetentionYears: years } },
    });
    expect(saved.status).toBe(200);
  }

  it('deletes audit entries over a year old and keeps the rest', async () => {
    const old = await createAuditEntry(server.db, { action: 'auth.login.failure', createdAt: daysAgo(367) });
    const oldAdmin = await createAuditEntry(server.db, { action: 'song.approved', createdAt: daysAgo(366) });
    const recent = await createAuditEntry(server.db, {
      action: 'auth.login.failure',
      createdAt: daysAgo(364),
    });
    const run = await runRetention();
    expect(run.status).toBe('succeeded');
    expect(run.rows.audit_log_security).toBeGreaterThanOrEqual(1);
    expect(run.rows.audit_log_admin).toBeGreaterThanOrEqual(1);
    const left = await auditIdsLeft();
    expect(left.has(old.id)).toBe(false);
    expect(left.has(oldAdmin.id)).toBe(false);
    expect(left.has(recent.id)).toBe(true);
  });

  it('deletes records of mails sent over a year ago, as the security logs', async () => {
    const fan = await signIn(server, 'fan');
    const [old] = await server.db
      .insert(mailsSent)
      .values({ userId: fan.user.id, kind: 'password-reset', recipient: fan.email, sentAt: daysAgo(367) })
      .returning();
    const [recent] = await server.db
      .insert(mailsSent)
      .values({ userId: fan.user.id, kind: 'password-reset', recipient: fan.email, sentAt: daysAgo(300) })
      .returning();
    const run = await runRetention();
    expect(run.rows.mails_sent).toBeGreaterThanOrEqual(1);
    const left = await server.db
      .select({ id: mailsSent.id })
      .from(mailsSent)
      .where(eq(mailsSent.userId, fan.user.id));
    expect(left.map((row) => row.id)).toEqual([recent!.id]);
    expect(old).toBeDefined();
  });

  it('with admin entries kept 3 years: keeps an admin entry 2 years old, deletes a security one as old and an admin one 4 years old', async () => {
    await keepAdminEntriesFor(3);
    try {
      const admin2 = await createAuditEntry(server.db, {
        action: 'song.approved',
        createdAt: yearsAgo(2, 1),
      });
      const security2 = await createAuditEntry(server.db, {
        action: 'auth.login.failure',
        createdAt: yearsAgo(2, 1),
      });
      const admin4 = await createAuditEntry(server.db, {
        action: 'settings.platform.changed',
        createdAt: yearsAgo(4),
      });
      // Just inside the 3 years: still kept.
      const adminAlmost3 = await createAuditEntry(server.db, {
        action: 'user.deactivated',
        createdAt: yearsAgo(3, -1),
      });

      const run = await runRetention();
      expect(run.status).toBe('succeeded');
      expect(run.rows.audit_log_security).toBeGreaterThanOrEqual(1);
      expect(run.rows.audit_log_admin).toBeGreaterThanOrEqual(1);
      const left = await auditIdsLeft();
      expect(left.has(admin2.id)).toBe(true);
      expect(left.has(adminAlmost3.id)).toBe(true);
      expect(left.has(security2.id)).toBe(false);
      expect(left.has(admin4.id)).toBe(false);

      // Two days later the clock has carried the nearly-3-year-old entry past the setting.
      server.clock.advance(2 * DAY);
      await runRetention();
      const later = await auditIdsLeft();
      expect(later.has(adminAlmost3.id)).toBe(false);
      expect(later.has(admin2.id)).toBe(true);
    } finally {
      await keepAdminEntriesFor(1);
    }
  });

  it('with the default settings, deletes admin and security entries 2 years old alike', async () => {
    const current = await server.request('GET', '/api/admin/settings', {
      token: (await signIn(server, 'admin')).token,
    });
    expect(current.body.data.retentionSettings).toEqual({ adminAuditRetentionYears: 1 });
    const admin2 = await createAuditEntry(server.db, { action: 'song.approved', createdAt: yearsAgo(2) });
    const security2 = await createAuditEntry(server.db, {
      action: 'auth.login.failure',
      createdAt: yearsAgo(2),
    });

    const run = await runRetention();
    expect(run.status).toBe('succeeded');
    const left = await auditIdsLeft();
    expect(left.has(admin2.id)).toBe(false);
    expect(left.has(security2.id)).toBe(false);
  });
});

describe('expired credentials, deleted daily', () => {
  it('deletes sessions a day after they expired and codes past their expiry, and keeps live ones', async () => {
    const fan = await signIn(server, 'fan');
    const other = await signIn(server, 'fan');
    const now = server.clock.now().getTime();
    await server.db
      .update(sessions)
      .set({ lastActivityAt: new Date(now - 2 * DAY) })
      .where(eq(sessions.userId, other.user.id));
    await server.db.insert(emailVerifications).values([
      { userId: fan.user.id, codeHash: 'live', expiresAt: new Date(now + 600_000) },
      { userId: other.user.id, codeHash: 'dead', expiresAt: new Date(now - 1000) },
    ]);
    await server.db.insert(passwordResets).values({
      userId: other.user.id,
      codeHash: 'dead',
      tokenHash: 'dead',
      expiresAt: new Date(now - 1000),
    });

    const run = await runJob(jobs(), findJob(jobs(), 'expired-credentials'), {
      trigger: 'cli',
      instance: 'test',
    });
    expect(run).toMatchObject({ status: 'succeeded' });
    for (const table of ['sessions', 'email_verifications', 'password_resets']) {
      expect(run.rows[table]).toBeGreaterThanOrEqual(1);
    }

    const me = await server.request('GET', '/api/auth/me', { token: fan.token });
    expect(me.status).toBe(200);
    expect(await countFor(other.user.id)).toMatchObject({ sessions: 0, codes: 0 });
    expect(await countFor(fan.user.id)).toMatchObject({ sessions: 1, codes: 1 });
  });
});

describe('retention: analytics anonymised after two years', () => {
  it('strips the address and device from votes over two years old, drops old view records, keeps every count', async () => {
    const fan = await signIn(server, 'fan');
    const old = await createVote(server.db, {
      userId: fan.user.id,
      songId: song.id,
      categoryId: category.id,
      ip: '41.203.77.12',
      ipPrefix: '41.203.77.0/24',
      deviceId: 'device-old',
      deviceSignature: 'abcdef0123456789',
      createdAt: daysAgo(2 * 366),
    });
    const recent = await createVote(server.db, {
      userId: fan.user.id,
      songId: song.id,
      categoryId: category.id,
      ip: '41.203.77.13',
      ipPrefix: '41.203.77.0/24',
      deviceId: 'device-recent',
      createdAt: daysAgo(2 * 365 - 2),
    });
    await server.db.insert(songViews).values([
      { songId: song.id, visitorHash: 'old-visitor', hourBucket: daysAgo(2 * 366) },
      { songId: song.id, visitorHash: 'recent-visitor', hourBucket: daysAgo(30) },
    ]);
    const before = await totals();

    const run = await runJob(jobs(), findJob(jobs(), 'retention'), { trigger: 'cli', instance: 'test' });
    expect(run.status).toBe('succeeded');
    expect(run.rows.votes_anonymised).toBeGreaterThanOrEqual(1);
    expect(run.rows.song_views).toBeGreaterThanOrEqual(1);

    const [oldRow] = await server.db.select().from(votes).where(eq(votes.id, old.id));
    expect(oldRow).toMatchObject({
      ip: null,
      deviceId: null,
      deviceSignature: null,
      ipPrefix: '41.203.77.0/24',
    });
    const [recentRow] = await server.db.select().from(votes).where(eq(votes.id, recent.id));
    expect(recentRow).toMatchObject({ ip: '41.203.77.13', deviceId: 'device-recent' });
    const views = await server.db.select({ visitor: songViews.visitorHash }).from(songViews);
    expect(views.map((view) => view.visitor)).toEqual(['recent-visitor']);
    expect(await totals()).toEqual(before);
  });
});
