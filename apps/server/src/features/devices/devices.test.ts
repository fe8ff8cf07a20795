import { randomUUID } from 'node:crypto';
import type { PlatformSettings } from '@ovation/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, deviceAccounts, sessions, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { registration, setPlatformSettings, setUpAccountsServer } from '../../test/accounts';
import { createCategory, createSong, createUser, openVoting } from '../../test/factories';
import { TEST_META } from '../../test/request-meta';
import { startTestServer, type TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';
import { DEVICE_MEMORY_DAYS, registerOnDevice } from './service';

const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
let passwordHash: string;
const PASSWORD = 'password123';

beforeAll(async () => {
  ({ server, smtp } = accounts);
  passwordHash = await hashPassword(PASSWORD);
});

/** The device rules on (with `change`), the CAPTCHA off, e-mail verification as `verify` says. */
async function deviceRules(change: Partial<PlatformSettings['deviceRestrictions']>, verify = false) {
  await setPlatformSettings(server.db, {
    deviceRestrictions: { enabled: true, ...change },
    securitySettings: { requireCaptcha: false, requireEmailVerification: verify },
  });
}

const deviceHeader = (deviceId?: string): Record<string, string> =>
  deviceId ? { 'x-device-id': deviceId } : {};

let emails = 0;
const newEmail = (label: string) => `${label}-${++emails}-${Date.now()}@example.com`;

function register(email: string, deviceId?: string) {
  return server.request('POST', '/api/auth/register', {
    body: registration({ email, password: PASSWORD }),
    headers: deviceHeader(deviceId),
  });
}

function login(email: string, deviceId?: string, password = PASSWORD) {
  return server.request('POST', '/api/auth/login', {
    body: { email, password },
    headers: deviceHeader(deviceId),
  });
}

/** A verified account with a password that has never signed in anywhere. */
async function account(role: 'fan' | 'artist' | 'admin' = 'fan') {
  const email = newEmail(role);
  const user = await createUser(server.db, { role, email, passwordHash });
  return { email, user };
}

const me = (token: string) => server.request('GET', '/api/auth/me', { token });

async function usersWithEmail(email: string) {
  return server.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

async function devicesOf(deviceId: string) {
  return server.db.select().from(deviceAccounts).where(eq(deviceAccounts.deviceId, deviceId));
}

async function latestAudit(action: string, actorId?: string) {
  const [entry] = await server.db
    .select()
    .from(auditLog)
    .where(
      actorId ? and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)) : eq(auditLog.action, action),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const DEVICE_IN_USE = 'This device is already linked to another account. Sign in with that account.';

describe('one account per device', () => {
  beforeEach(() => deviceRules({ oneAccountPerDevice: true }));

  it('refuses a second account registering on a device another account used, and creates nothing', async () => {
    const device = randomUUID();
    const first = await register(newEmail('first'), device);
    expect(first.status).toBe(201);
    expect(first.body.token).toEqual(expect.any(String));

    const secondEmail = newEmail('second');
    const second = await register(secondEmail, device);
    expect(second.status).toBe(403);
    expect(second.body).toMatchObject({ success: false, code: 'DEVICE_IN_USE', message: DEVICE_IN_USE });
    expect(await usersWithEmail(secondEmail)).toHaveLength(0);
    expect(await devicesOf(device)).toEqual([expect.objectContaining({ userId: first.body.user._id })]);
    const refusal = await latestAudit('auth.device.refused');
    expect(refusal).toMatchObject({ targetId: first.body.user._id, details: { device: device.slice(0, 8) } });

    // The same person on another device is welcome.
    expect((await register(secondEmail, randomUUID())).status).toBe(201);
  });

  it('asks for a device id while the rule is on', async () => {
    for (const header of [undefined, 'not-a-uuid']) {
      const email = newEmail('nodevice');
      const response = await register(email, header);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'DEVICE_ID_REQUIRED',
        message: 'This browser could not be recognised. Allow site storage and try again.',
      });
      expect(await usersWithEmail(email)).toHaveLength(0);
    }
    const { email } = await account();
    expect((await login(email)).body.code).toBe('DEVICE_ID_REQUIRED');
  });

  it('refuses signing another account in on the device, and only once the password is right', async () => {
    const device = randomUUID();
    const ownerEmail = newEmail('owner');
    expect((await register(ownerEmail, device)).status).toBe(201);
    const other = await account();

    const wrongPassword = await login(other.email, device, 'not-the-password');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.code).toBe('INVALID_CREDENTIALS');
    const refused = await login(other.email, device);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'DEVICE_IN_USE', message: DEVICE_IN_USE });
    expect(refused.body.token).toBeUndefined();
    expect(await latestAudit('auth.device.refused', other.user.id)).toBeDefined();

    const owner = await login(ownerEmail, device);
    expect(owner.status).toBe(200);
    expect((await me(owner.body.token)).status).toBe(200);
    expect((await login(other.email, randomUUID())).status).toBe(200);
    // Signing in again moves the device's last use on; it stays one row.
    expect(await devicesOf(device)).toHaveLength(1);
  });

  it('exempts admins: they sign in on any device, and their own device stays free for one fan', async () => {
    const fanDevice = randomUUID();
    expect((await register(newEmail('fan'), fanDevice)).status).toBe(201);
    const admin = await account('admin');
    expect((await login(admin.email, fanDevice)).status).toBe(200);
    // Without a device id too: an admin can always get in to change the settings.
    expect((await login(admin.email)).status).toBe(200);

    const adminDevice = randomUUID();
    expect((await login(admin.email, adminDevice)).status).toBe(200);
    expect((await register(newEmail('fan'), adminDevice)).status).toBe(201);
    expect((await register(newEmail('fan'), adminDevice)).status).toBe(403);
    const otherAdmin = await account('admin');
    expect((await login(otherAdmin.email, adminDevice)).status).toBe(200);
  });

  it('lets exactly one of several registrations on one device at once through', async () => {
    const device = randomUUID();
    const attempts = Array.from({ length: 4 }, () => newEmail('race'));
    const responses = await Promise.all(attempts.map((email) => register(email, device)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403]);
    const created = await Promise.all(attempts.map(usersWithEmail));
    expect(created.flat()).toHaveLength(1);
    expect(await devicesOf(device)).toHaveLength(1);
  });

  it('holds the device while an account is made, so two registrations at once cannot both pass', async () => {
    const meta = { ...TEST_META, deviceId: randomUUID() };
    const attempt = (email: string) =>
      registerOnDevice(server, 'fan', meta, async (tx) => {
        const [row] = await tx.insert(users).values({ name: 'Racer', email }).returning();
        // Long enough for the other registration to reach its check while this one is unfinished.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return row;
      });
    const outcomes = await Promise.allSettled([attempt(newEmail('racer')), attempt(newEmail('racer'))]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const [refusal] = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect((refusal as PromiseRejectedResult).reason).toMatchObject({ status: 403, code: 'DEVICE_IN_USE' });
    expect(await devicesOf(meta.deviceId)).toHaveLength(1);
  });

  it('applies to the sign-in that follows e-mail verification, and a refusal keeps the code', async () => {
    await deviceRules({ oneAccountPerDevice: true }, true);
    const ownDevice = randomUUID();
    const email = newEmail('verify');
    const registered = await register(email, ownDevice);
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ requiresVerification: true });
    const takenDevice = randomUUID();
    expect((await register(newEmail('taken'), takenDevice)).status).toBe(201);

    const otp = await smtp.latestCode(email);
    const verify = (deviceId: string) =>
      server.request('POST', '/api/auth/verify-email', {
        body: { email, otp },
        headers: deviceHeader(deviceId),
      });
    const refused = await verify(takenDevice);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('DEVICE_IN_USE');
    expect((await usersWithEmail(email))[0]!.emailVerified).toBe(false);

    const verified = await verify(ownDevice);
    expect(verified.status).toBe(200);
    expect((await me(verified.body.token)).status).toBe(200);
  });
});

describe('how long a device is remembered', () => {
  beforeEach(() => deviceRules({ oneAccountPerDevice: true }));

  it('forgets a link no sign-in renewed for a year: the device is free again for another account', async () => {
    const { user: owner } = await account();
    const day = 24 * 60 * 60 * 1000;
    const daysAgo = (days: number) => new Date(server.clock.now().getTime() - days * day);
    const forgotten = randomUUID();
    const remembered = randomUUID();
    await server.db.insert(deviceAccounts).values([
      {
        deviceId: forgotten,
        userId: owner.id,
        firstSeenAt: daysAgo(800),
        lastSeenAt: daysAgo(DEVICE_MEMORY_DAYS + 1),
      },
      {
        deviceId: remembered,
        userId: owner.id,
        firstSeenAt: daysAgo(800),
        lastSeenAt: daysAgo(DEVICE_MEMORY_DAYS - 1),
      },
    ]);

    // Used within the year: still the owner's device. The old link went on the way.
    expect((await register(newEmail('within-year'), remembered)).status).toBe(403);
    expect(await devicesOf(forgotten)).toEqual([]);

    const newcomer = await register(newEmail('after-year'), forgotten);
    expect(newcomer.status).toBe(201);
    expect(await devicesOf(forgotten)).toEqual([expect.objectContaining({ userId: newcomer.body.user._id })]);
    expect(await devicesOf(remembered)).toEqual([expect.objectContaining({ userId: owner.id })]);
  });
});

describe('the device rules switched off', () => {
  it('refuse nothing but still record each account a device served', async () => {
    for (const rules of [{ enabled: false, oneAccountPerDevice: true }, { oneAccountPerDevice: false }]) {
      await deviceRules(rules);
      const device = randomUUID();
      const first = await register(newEmail('open'), device);
      const second = await register(newEmail('open'), device);
      expect([first.status, second.status]).toEqual([201, 201]);
      expect((await register(newEmail('open'))).status).toBe(201);
      const rows = await devicesOf(device);
      expect(rows.map((row) => row.userId).sort()).toEqual(
        [first.body.user._id, second.body.user._id].sort(),
      );
    }
  });
});

describe('one device per account (allowMultipleDevices off)', () => {
  beforeEach(() => deviceRules({ oneAccountPerDevice: false, allowMultipleDevices: false }));

  it('ends the sessions on other devices when a fan signs in on a new one', async () => {
    const fan = await account();
    const [phone, laptop] = [randomUUID(), randomUUID()];
    const onPhone = (await login(fan.email, phone)).body.token as string;
    const againOnPhone = (await login(fan.email, phone)).body.token as string;
    // Both sessions of the phone live on, and sit in the session cache.
    expect((await me(onPhone)).status).toBe(200);
    expect((await me(againOnPhone)).status).toBe(200);

    const onLaptop = await login(fan.email, laptop);
    expect(onLaptop.status).toBe(200);
    expect((await me(onPhone)).status).toBe(401);
    expect((await me(againOnPhone)).status).toBe(401);
    expect((await me(onLaptop.body.token)).status).toBe(200);

    const ended = await server.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(and(eq(sessions.userId, fan.user.id), eq(sessions.deviceId, phone)));
    expect(ended).toEqual([{ reason: 'other-device' }, { reason: 'other-device' }]);
    const entry = await latestAudit('auth.session.other-device', fan.user.id);
    expect(entry!.details).toEqual({ ended: 2, device: laptop.slice(0, 8) });

    // A browser that sends no device id cannot be told apart: it counts as another device.
    const unknown = await login(fan.email);
    expect(unknown.status).toBe(200);
    expect((await me(onLaptop.body.token)).status).toBe(401);
    expect((await me(unknown.body.token)).status).toBe(200);
  });

  it('ends the other devices’ sessions after e-mail verification too', async () => {
    await deviceRules({ oneAccountPerDevice: false, allowMultipleDevices: false }, true);
    const email = newEmail('verify');
    expect((await register(email, randomUUID())).status).toBe(201);
    const otp = await smtp.latestCode(email);
    const verified = await server.request('POST', '/api/auth/verify-email', {
      body: { email, otp },
      headers: deviceHeader(randomUUID()),
    });
    expect(verified.status).toBe(200);
    const elsewhere = await login(email, randomUUID());
    expect(elsewhere.status).toBe(200);
    expect((await me(verified.body.token)).status).toBe(401);
  });

  it('leaves admins signed in on every device', async () => {
    const admin = await account('admin');
    const first = (await login(admin.email, randomUUID())).body.token as string;
    const second = (await login(admin.email, randomUUID())).body.token as string;
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it('keeps every session while multiple devices are allowed', async () => {
    await deviceRules({ oneAccountPerDevice: false, allowMultipleDevices: true });
    const fan = await account();
    const first = (await login(fan.email, randomUUID())).body.token as string;
    const second = (await login(fan.email, randomUUID())).body.token as string;
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });
});

describe('fraud review', () => {
  it('lists each vote with the first 8 characters of the device id it was cast from', async () => {
    await deviceRules({ enabled: false });
    const category = await createCategory(server.db, { name: `Device Category ${Date.now()}` });
    const song = await createSong(server.db, { categoryId: category.id });
    await openVoting(server.db);
    const device = randomUUID();
    const fan = await account();
    const token = (await login(fan.email, device)).body.token as string;
    const vote = await server.request('POST', '/api/votes', {
      token,
      body: { songId: song.id },
      headers: deviceHeader(device),
    });
    expect(vote.status).toBe(201);
    const admin = await account('admin');
    const adminToken = (await login(admin.email)).body.token as string;
    const listed = await server.request('GET', `/api/admin/integrity/votes?songId=${song.id}`, {
      token: adminToken,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        fan: expect.objectContaining({ _id: fan.user.id }),
        deviceId: device.slice(0, 8),
      }),
    ]);
  });
});

describe('one device per account across two instances sharing Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.runIf(shared)('signs the old device out on the other instance at once', async () => {
    const redis = [new Redis(process.env.REDIS_URL!), new Redis(process.env.REDIS_URL!)];
    const first = await startTestServer({ redis: redis[0] });
    const second = await startTestServer({ redis: redis[1], sameDatabaseAs: first });
    try {
      await setPlatformSettings(first.db, {
        deviceRestrictions: { enabled: true, oneAccountPerDevice: false, allowMultipleDevices: false },
        securitySettings: { requireCaptcha: false },
      });
      const email = newEmail('instances');
      await createUser(first.db, { email, passwordHash });
      const signInOn = (instance: TestServer, deviceId: string) =>
        instance.request('POST', '/api/auth/login', {
          body: { email, password: PASSWORD },
          headers: deviceHeader(deviceId),
        });
      const old = (await signInOn(second, randomUUID())).body.token as string;
      // The second instance now holds the session in its cache.
      expect((await second.request('GET', '/api/auth/me', { token: old })).status).toBe(200);
      expect((await signInOn(first, randomUUID())).status).toBe(200);
      await expect
        .poll(async () => (await second.request('GET', '/api/auth/me', { token: old })).status, {
          timeout: 400,
          interval: 25,
        })
        .toBe(401);
    } finally {
      await second.close();
      await first.close();
      for (const client of redis) client.disconnect();
    }
  });
});
