import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/server';
import { TestBrowser } from './testing/browser';
import { startFacebookStandIn } from './testing/facebook-stand-in';
import { readCallback, signedInUser } from './testing/fixtures';

const APP_ID = 'fb-app-1234567890';
const APP_SECRET = 'fb-app-secret-0123456789';

let facebook: Awaited<ReturnType<typeof startFacebookStandIn>>;
let server: TestServer;
let adminToken: string;
const startUrl = () => `${server.baseUrl}/api/auth/facebook`;

async function signIn() {
  return readCallback(await new TestBrowser().follow(startUrl(), `${server.baseUrl}/auth/callback`));
}

beforeAll(async () => {
  facebook = await startFacebookStandIn({ appId: APP_ID, appSecret: APP_SECRET });
  server = await startTestServer({
    ownPublicUrl: true,
    environment: { ...facebook.environment, FACEBOOK_APP_ID: APP_ID, FACEBOOK_APP_SECRET: APP_SECRET },
  });
  adminToken = (await signedInUser(server, 'admin')).token;
});

afterAll(async () => {
  await server?.close();
  await facebook?.close();
});

describe('Facebook sign-in (OAuth 2 against a local stand-in)', () => {
  it('offers Facebook when the environment configures it, and not Google', async () => {
    const response = await server.request('GET', '/api/auth/social-login-settings');
    expect(response.body.data).toEqual({ google: { enabled: false }, facebook: { enabled: true } });
  });

  it('starts with state and PKCE (no nonce: plain OAuth 2) at the configured dialog', async () => {
    const { response, location } = await new TestBrowser().request('GET', startUrl());
    expect(response.status).toBe(302);
    const dialog = new URL(location!);
    expect(dialog.href.startsWith(facebook.environment.FACEBOOK_AUTHORIZATION_URL)).toBe(true);
    expect(dialog.searchParams.get('client_id')).toBe(APP_ID);
    expect(dialog.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/facebook/callback`);
    expect(dialog.searchParams.get('scope')).toBe('email public_profile');
    expect(dialog.searchParams.get('code_challenge_method')).toBe('S256');
    expect(dialog.searchParams.get('state')).toBeTruthy();
    expect(dialog.searchParams.has('nonce')).toBe(false);
    expect(response.headers.getSetCookie()[0]).toMatch(
      /^ovation_oauth_facebook=v1\..*Path=\/api\/auth\/facebook/,
    );
  });

  it('signs a new person in as a verified fan, and the same person again into the same account', async () => {
    facebook.setProfile({ id: 'fb-501', name: 'Chidi Okafor', email: 'chidi@example.com' });
    const first = await signIn();
    expect(first).toMatchObject({ pathname: '/auth/callback', error: null });
    expect(first.user).toMatchObject({
      name: 'Chidi Okafor',
      email: 'chidi@example.com',
      role: 'fan',
      emailVerified: true,
    });
    const me = await server.request('GET', '/api/auth/me', { token: first.token! });
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(first.user!._id);

    const second = await signIn();
    expect(second.user!._id).toBe(first.user!._id);
    const rows = await server.db.select().from(users).where(sql`lower(${users.email}) = 'chidi@example.com'`);
    expect(rows).toHaveLength(1);
  });

  it('refuses a profile without an e-mail address', async () => {
    facebook.setProfile({ id: 'fb-502', name: 'No Mail' });
    const result = await signIn();
    expect(result).toMatchObject({ pathname: '/auth/callback', error: 'email_not_verified', token: null });
  });

  it('uses the custom credentials an admin saved instead of the environment ones', async () => {
    facebook.setProfile({ id: 'fb-503', name: 'Custom Path', email: 'custom@example.com' });
    const wrongSecret = await server.request('PUT', '/api/admin/social-login-settings', {
      token: adminToken,
      body: {
        facebook: { useEnvCredentials: false, customAppId: APP_ID, customAppSecret: 'not-the-secret' },
      },
    });
    expect(wrongSecret.body.data.facebook).toMatchObject({ hasCredentials: true, hasCustomAppSecret: true });
    expect((await signIn()).error).toBe('exchange_failed');

    await server.request('PUT', '/api/admin/social-login-settings', {
      token: adminToken,
      body: { facebook: { customAppSecret: APP_SECRET } },
    });
    const result = await signIn();
    expect(result.error).toBeNull();
    expect(result.user).toMatchObject({ email: 'custom@example.com' });
  });
});
