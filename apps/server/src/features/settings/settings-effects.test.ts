import type { PlatformSettings } from '@ovation/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { CaptchaVerifier } from '../../lib/captcha';
import { registration, setPlatformSettings, signIn } from '../../test/accounts';
import { startTestServer, type TestServer } from '../../test/server';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink';
import { TestBrowser } from '../social-login/testing/browser';
import { startFacebookStandIn } from '../social-login/testing/facebook-stand-in';
import { readCallback } from '../social-login/testing/fixtures';

/*
 * Each platform setting the admin settings screen changes, changed the way the screen does
 * (PUT /api/admin/settings), and what the server then does differently.
 */

const APP_ID = 'fb-app-settings-123';
const APP_SECRET = 'fb-app-settings-secret-0123456789';
/** The one CAPTCHA answer this server's stand-in verifier accepts. */
const HUMAN = 'solved-by-a-human';

let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;
let smtp: SmtpSink;
let server: TestServer;
let adminToken: string;

const captcha: CaptchaVerifier = {
  provider: 'altcha',
  siteKey: null,
  verify: async (token) => token === HUMAN,
};

beforeAll(async () => {
  facebook = await startFacebookStandIn({ appId: APP_ID, appSecret: APP_SECRET });
  smtp = await startSmtpSink();
  server = await startTestServer({
    ownPublicUrl: true,
    captcha,
    environment: {
      ...facebook.environment,
      FACEBOOK_APP_ID: APP_ID,
      FACEBOOK_APP_SECRET: APP_SECRET,
      // Google is configured (so it is offered) but never reached: these tests only see it refused.
      GOOGLE_CLIENT_ID: 'google-client-settings',
      GOOGLE_CLIENT_SECRET: 'google-secret-settings',
      SMTP_URL: smtp.url,
    },
  });
  adminToken = (await signIn(server, 'admin')).token;
});

afterAll(async () => {
  await server?.close();
  await facebook?.close();
  await smtp?.close();
});

beforeEach(() =>
  setPlatformSettings(server.db, {
    securitySettings: { requireCaptcha: false, requireEmailVerification: false },
  }),
);

type SettingsChange = { [Section in keyof PlatformSettings]?: Partial<PlatformSettings[Section]> };

/** What the settings screen does: reads the settings, changes some, sends them all back. */
async function changeSettings(change: SettingsChange) {
  const current = await server.request('GET', '/api/admin/settings', { token: adminToken });
  const next = structuredClone(current.body.data) as PlatformSettings;
  for (const [section, values] of Object.entries(change)) {
    Object.assign(next[section as keyof PlatformSettings], values);
  }
  const saved = await server.request('PUT', '/api/admin/settings', { token: adminToken, body: next });
  expect(saved.status).toBe(200);
}

let emails = 0;
const newEmail = (label: string) => `${label}-${++emails}-${Date.now()}@example.com`;

const register = (body: Record<string, unknown>) =>
  server.request('POST', '/api/auth/register', { body: registration(body) });

async function usersWithEmail(email: string) {
  return server.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

const callbackPrefix = () => `${server.baseUrl}/auth/callback`;

async function facebookSignIn(profile: { id: string; email: string }) {
  facebook.setProfile({ name: 'Settings Fan', ...profile });
  return readCallback(
    await new TestBrowser().follow(`${server.baseUrl}/api/auth/facebook`, callbackPrefix()),
  );
}

describe('allowRegistration', () => {
  it('off: refuses form and social sign-up of a new account, and known people still sign in both ways', async () => {
    const knownSocial = { id: 'fb-settings-known', email: newEmail('known-social') };
    expect((await facebookSignIn(knownSocial)).token).toBeTruthy();
    const knownPassword = newEmail('known-password');
    expect((await register({ email: knownPassword, password: 'secret123' })).status).toBe(201);

    await changeSettings({ generalSettings: { allowRegistration: false } });
    const publicSettings = await server.request('GET', '/api/public/public-settings');
    expect(publicSettings.body.data.generalSettings.allowRegistration).toBe(false);

    const closedEmail = newEmail('closed');
    const refused = await register({ email: closedEmail });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'REGISTRATION_CLOSED',
      message: 'Registration is currently closed.',
    });
    expect(await usersWithEmail(closedEmail)).toHaveLength(0);
    const newSocial = { id: 'fb-settings-new', email: newEmail('new-social') };
    expect(await facebookSignIn(newSocial)).toMatchObject({ error: 'registration_closed', token: null });
    expect(await usersWithEmail(newSocial.email)).toHaveLength(0);

    const login = await server.request('POST', '/api/auth/login', {
      body: { email: knownPassword, password: 'secret123' },
    });
    expect(login.status).toBe(200);
    expect((await facebookSignIn(knownSocial)).token).toBeTruthy();

    await changeSettings({ generalSettings: { allowRegistration: true } });
    expect((await register({ email: closedEmail })).status).toBe(201);
    expect((await facebookSignIn(newSocial)).token).toBeTruthy();
  });
});

describe('allowSocialLogin', () => {
  it('off: both providers are hidden, and the start and the callback refuse', async () => {
    const settings = () => server.request('GET', '/api/auth/social-login-settings');
    expect((await settings()).body.data).toEqual({ google: { enabled: true }, facebook: { enabled: true } });
    // A sign-in begun before the change, at the provider's page when it is made.
    const begun = new TestBrowser();
    const started = await begun.request('GET', `${server.baseUrl}/api/auth/facebook`);
    expect(started.response.status).toBe(302);
    const midFlow = { id: 'fb-settings-midflow', email: newEmail('midflow') };
    facebook.setProfile({ name: 'Mid Flow', ...midFlow });

    await changeSettings({ generalSettings: { allowSocialLogin: false } });
    expect((await settings()).body.data).toEqual({
      google: { enabled: false },
      facebook: { enabled: false },
    });
    for (const provider of ['google', 'facebook']) {
      const start = await new TestBrowser().request('GET', `${server.baseUrl}/api/auth/${provider}`);
      expect(start.response.status).toBe(302);
      expect(readCallback(start.location!)).toMatchObject({
        pathname: '/auth/callback',
        error: 'provider_disabled',
      });
      for (const path of [`/api/auth/${provider}`, `/api/auth/${provider}/callback?code=x&state=y`]) {
        const json = await server.request('GET', path, { headers: { accept: 'application/json' } });
        expect(json.status).toBe(403);
        expect(json.body).toMatchObject({
          success: false,
          code: 'SOCIAL_LOGIN_DISABLED',
          message: 'This sign-in method is not available.',
        });
      }
    }
    const finished = readCallback(await begun.follow(started.location!, callbackPrefix()));
    expect(finished).toMatchObject({ error: 'provider_disabled', token: null });
    expect(await usersWithEmail(midFlow.email)).toHaveLength(0);

    await changeSettings({ generalSettings: { allowSocialLogin: true } });
    expect((await settings()).body.data.facebook.enabled).toBe(true);
    expect((await facebookSignIn(midFlow)).token).toBeTruthy();
  });
});

describe('requireEmailVerification', () => {
  it('on: a new account waits for its code and cannot sign in before; off: it is signed in at once', async () => {
    await changeSettings({ securitySettings: { requireEmailVerification: true } });
    const waiting = newEmail('waiting');
    const registered = await register({ email: waiting, password: 'secret123' });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({ requiresVerification: true, verificationSent: true });
    expect(registered.body.token).toBeUndefined();
    await smtp.latestCode(waiting);
    const login = await server.request('POST', '/api/auth/login', {
      body: { email: waiting, password: 'secret123' },
    });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', emailNotVerified: true });

    await changeSettings({ securitySettings: { requireEmailVerification: false } });
    const direct = await register({ email: newEmail('direct') });
    expect(direct.status).toBe(201);
    expect(direct.body).toMatchObject({ requiresVerification: false });
    expect((await server.request('GET', '/api/auth/me', { token: direct.body.token })).status).toBe(200);
    // The account that waited signs in too now.
    const later = await server.request('POST', '/api/auth/login', {
      body: { email: waiting, password: 'secret123' },
    });
    expect(later.status).toBe(200);
  });
});

describe('requireCaptcha', () => {
  it('on: a registration needs a solved CAPTCHA; off: it does not', async () => {
    await changeSettings({ securitySettings: { requireCaptcha: true } });
    const missing = await register({ email: newEmail('robot') });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      code: 'CAPTCHA_REQUIRED',
      message: 'Please complete the CAPTCHA verification',
    });
    const wrong = await register({ email: newEmail('robot'), captchaToken: 'guessed' });
    expect(wrong.body).toMatchObject({ code: 'CAPTCHA_FAILED', message: 'CAPTCHA verification failed' });
    expect((await register({ email: newEmail('human'), captchaToken: HUMAN })).status).toBe(201);

    await changeSettings({ securitySettings: { requireCaptcha: false } });
    expect((await register({ email: newEmail('anyone') })).status).toBe(201);
  });
});

describe('votingSettings in the public settings', () => {
  const votingRuleNow = async () =>
    (await server.request('GET', '/api/public/public-settings')).body.data.votingRule;

  it('sends the quota in force, so every rule text on the public pages can say it', async () => {
    await changeSettings({
      votingSettings: {
        allowMultipleVotes: false,
        maxVotesPerUser: 1,
        dailyVotesPerCategory: 1,
        enableDailyVoting: true,
      },
    });
    expect(await votingRuleNow()).toEqual({ perCategory: 1, perSong: 1, daily: true });

    await changeSettings({
      votingSettings: {
        allowMultipleVotes: true,
        maxVotesPerUser: 2,
        dailyVotesPerCategory: 3,
        enableDailyVoting: true,
      },
    });
    expect(await votingRuleNow()).toEqual({ perCategory: 3, perSong: 2, daily: true });

    // A song never gets more than its category allows; without daily voting the quota is the whole period.
    await changeSettings({
      votingSettings: {
        allowMultipleVotes: true,
        maxVotesPerUser: 10,
        dailyVotesPerCategory: 3,
        enableDailyVoting: false,
      },
    });
    expect(await votingRuleNow()).toEqual({ perCategory: 3, perSong: 3, daily: false });

    // Multiple votes off: one vote per song, whatever the per-user maximum says.
    await changeSettings({
      votingSettings: {
        allowMultipleVotes: false,
        maxVotesPerUser: 5,
        dailyVotesPerCategory: 4,
        enableDailyVoting: true,
      },
    });
    expect(await votingRuleNow()).toEqual({ perCategory: 4, perSong: 1, daily: true });
  });
});
