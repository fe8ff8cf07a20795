import { randomUUID } from 'node:crypto';
import type { PlatformSettings } from '@ovation/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceAccounts, socialAccounts, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { setPlatformSettings } from '../../test/accounts';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { TestBrowser } from '../social-login/testing/browser';
import { startFacebookStandIn } from '../social-login/testing/facebook-stand-in';
import { readCallback } from '../social-login/testing/fixtures';

const APP_ID = 'fb-app-devices-123';
const APP_SECRET = 'fb-app-devices-secret-0123456789';

let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;
let server: TestServer;

beforeAll(async () => {
  facebook = await startFacebookStandIn({ appId: APP_ID, appSecret: APP_SECRET });
  server = await startTestServer({
    ownPublicUrl: true,
    environment: { ...facebook.environment, FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET },
  });
});

afterAll(async () => {
  await server?.close();
  await facebook?.close();
});

async function deviceRules(change: Partial<PlatformSettings['deviceRestrictions']>) {
  await setPlatformSettings(server.db, {
    deviceRestrictions: { enabled: true, ...change },
    securitySettings: { requireCaptcha: false, requireEmailVerification: false },
  });
}

/** Signs `profile` in with Facebook from a browser whose device id is `deviceId` (none when undefined). */
async function socialSignIn(profile: { id: string; email: string; name?: string }, deviceId?: string) {
  facebook.setProfile({ name: 'Social Fan', ...profile });
  const start = `${server.baseUrl}/api/auth/facebook${deviceId ? `?deviceId=${deviceId}` : ''}`;
  return readCallback(await new TestBrowser().follow(start, `${server.baseUrl}/auth/callback`));
}

/** Registers a fan with the form on `deviceId`, so the device is that fan's. */
async function registerOn(deviceId: string) {
  const email = `owner-${randomUUID()}@example.com`;
  const response = await server.request('POST', '/api/auth/register', {
    headers: { 'x-device-id': deviceId },
    body: {
      name: 'Device Owner',
      email,
      phoneNumber: '+234 803 123 4567',
      country: 'Nigeria',
      state: 'Lagos',
      password: 'secret123',
      role: 'fan',
    },
  });
  expect(response.status).toBe(201);
  return response.body.user._id as string;
}

async function usersWithEmail(email: string) {
  return server.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

const me = (token: string) => server.request('GET', '/api/auth/me', { token });

describe('one account per device, through Google or Facebook sign-in', () => {
  beforeEach(() => deviceRules({ oneAccountPerDevice: true }));

  it('carries the device id through the flow, and makes no new account on a device another one used', async () => {
    const taken = randomUUID();
    await registerOn(taken);
    const profile = { id: 'fb-device-1', email: 'social-new@example.com' };

    expect(await socialSignIn(profile, taken)).toMatchObject({ error: 'device_in_use', token: null });
    expect(await usersWithEmail(profile.email)).toHaveLength(0);
    expect(await socialSignIn(profile)).toMatchObject({ error: 'device_id_required', token: null });
    expect(await usersWithEmail(profile.email)).toHaveLength(0);

    const fresh = randomUUID();
    const signedUp = await socialSignIn(profile, fresh);
    expect(signedUp.error).toBeNull();
    expect((await me(signedUp.token!)).status).toBe(200);
    const devices = await server.db.select().from(deviceAccounts).where(eq(deviceAccounts.deviceId, fresh));
    expect(devices).toEqual([expect.objectContaining({ userId: signedUp.user!._id })]);

    // The identity, now an account, is refused on the other account's device and welcome on its own.
    expect((await socialSignIn(profile, taken)).error).toBe('device_in_use');
    expect((await socialSignIn(profile, fresh)).token).toBeTruthy();
  });

  it('refuses before linking an existing account found by its e-mail', async () => {
    const taken = randomUUID();
    await registerOn(taken);
    const existing = await createUser(server.db, {
      email: 'social-existing@example.com',
      passwordHash: await hashPassword('password123'),
    });
    const profile = { id: 'fb-device-2', email: 'social-existing@example.com' };
    expect((await socialSignIn(profile, taken)).error).toBe('device_in_use');
    const links = await server.db.select().from(socialAccounts).where(eq(socialAccounts.userId, existing.id));
    expect(links).toHaveLength(0);
    const own = await socialSignIn(profile, randomUUID());
    expect(own.user!._id).toBe(existing.id);
  });
});

describe('one device per account, through Google or Facebook sign-in', () => {
  it('ends the sessions on the other devices', async () => {
    await deviceRules({ oneAccountPerDevice: false, allowMultipleDevices: false });
    const profile = { id: 'fb-device-3', email: 'social-roamer@example.com' };
    const first = await socialSignIn(profile, randomUUID());
    expect((await me(first.token!)).status).toBe(200);
    const second = await socialSignIn(profile, randomUUID());
    expect((await me(second.token!)).status).toBe(200);
    expect((await me(first.token!)).status).toBe(401);
  });
});
