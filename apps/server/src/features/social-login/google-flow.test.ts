import { DEFAULT_PLATFORM_SETTINGS } from '@ovation/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondFactors, socialAccounts, users } from '../../db/schema';
import { createUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { savePlatformSettings } from '../settings/service';
import { TestBrowser } from './testing/browser';
import { readCallback, signedInUser } from './testing/fixtures';
import { startOidcStandIn } from './testing/oidc-stand-in';

const CLIENT_ID = 'ovation-web-client';
const CLIENT_SECRET = 'stand-in-client-secret-0123456789';

let oidc: Awaited<ReturnType<typeof startOidcStandIn>>;
let server: TestServer;
let adminToken: string;
const callbackPrefix = () => `${server.baseUrl}/auth/callback`;
const startUrl = () => `${server.baseUrl}/api/auth/google`;

/** Signs `subject` in through the whole flow in a fresh browser; answers what reached /auth/callback. */
async function signIn(subject: string) {
  const location = await oidc.signInAt(new TestBrowser(), startUrl(), subject, callbackPrefix());
  return readCallback(location);
}

async function usersWithEmail(email: string) {
  return server.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

beforeAll(async () => {
  oidc = await startOidcStandIn();
  server = await startTestServer({
    ownPublicUrl: true,
    environment: {
      GOOGLE_ISSUER_URL: oidc.issuer,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    },
  });
  oidc.register({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${server.baseUrl}/api/auth/google/callback`,
  });
  adminToken = (await signedInUser(server, 'admin')).token;
});

afterAll(async () => {
  await server?.close();
  await oidc?.close();
});

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  it('offers Google when the environment configures it, and not Facebook', async () => {
    const response = await server.request('GET', '/api/auth/social-login-settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { google: { enabled: true }, facebook: { enabled: false } },
    });
  });

  it('starts with state, PKCE (S256) and a nonce in a sealed, HttpOnly, Lax cookie', async () => {
    const browser = new TestBrowser();
    const { response, location } = await browser.request(
      'GET',
      `${startUrl()}?redirect=https://evil.example/`,
    );
    expect(response.status).toBe(302);
    const authorize = new URL(location!);
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.baseUrl}/api/auth/google/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(location).not.toContain('evil.example');

    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^ovation_oauth_google=v1\./);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/auth/google');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).not.toContain('Secure'); // PUBLIC_URL is http here
    // Encrypted: neither the state nor the PKCE verifier can be read from it.
    expect(cookie).not.toContain(authorize.searchParams.get('state')!);
  });

  it('signs a new person in as a verified fan whose token works on /auth/me', async () => {
    oidc.addIdentity('google-sub-ada', {
      email: 'Ada.Obi@example.com',
      emailVerified: true,
      name: 'Ada Obi',
    });
    const browser = new TestBrowser();
    const location = await oidc.signInAt(browser, startUrl(), 'google-sub-ada', callbackPrefix());
    const result = readCallback(location);

    expect(result.origin).toBe(server.baseUrl);
    expect(result.pathname).toBe('/auth/callback');
    expect(result.error).toBeNull();
    expect(result.user).toMatchObject({
      name: 'Ada Obi',
      email: 'ada.obi@example.com',
      role: 'fan',
      emailVerified: true,
      isVerified: true,
      isActive: true,
    });
    expect(result.user!.lastLogin).not.toBeNull();
    expect(browser.cookie(server.baseUrl, 'ovation_oauth_google')).toBeUndefined();

    const me = await server.request('GET', '/api/auth/me', { token: result.token! });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ _id: result.user!._id, email: 'ada.obi@example.com', role: 'fan' });
    const [row] = await usersWithEmail('ada.obi@example.com');
    expect(row!.passwordHash).toBeNull();
  });

  it('signs the same identity into the same account the second time', async () => {
    const first = await signIn('google-sub-ada');
    const second = await signIn('google-sub-ada');
    expect(second.user!._id).toBe(first.user!._id);
    expect(second.token).not.toBe(first.token);
    expect(await usersWithEmail('ada.obi@example.com')).toHaveLength(1);
    const links = await server.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, first.user!._id));
    expect(links).toEqual([
      expect.objectContaining({ provider: 'google', providerUserId: 'google-sub-ada' }),
    ]);
  });

  it('links an existing password account with the same e-mail instead of making another', async () => {
    const existing = await createUser(server.db, {
      email: 'Kofi.Mensah@Example.com',
      name: 'Kofi',
      passwordHash: 'argon2-hash-kept',
      emailVerified: true,
    });
    oidc.addIdentity('google-sub-kofi', {
      email: 'kofi.mensah@example.com',
      emailVerified: true,
      name: 'K. Mensah',
    });
    const result = await signIn('google-sub-kofi');
    expect(result.user!._id).toBe(existing.id);
    expect(result.user!.name).toBe('Kofi');
    const rows = await usersWithEmail('kofi.mensah@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.passwordHash).toBe('argon2-hash-kept');
    const links = await server.db.select().from(socialAccounts).where(eq(socialAccounts.userId, existing.id));
    expect(links).toHaveLength(1);
  });

  it('verifies an unverified account it links and drops the password someone may have set in advance', async () => {
    const squatter = await createUser(server.db, {
      email: 'amara@example.com',
      passwordHash: 'set-by-someone-else',
      emailVerified: false,
    });
    oidc.addIdentity('google-sub-amara', { email: 'amara@example.com', emailVerified: true, name: 'Amara' });
    const result = await signIn('google-sub-amara');
    expect(result.user).toMatchObject({ _id: squatter.id, emailVerified: true });
    const [row] = await usersWithEmail('amara@example.com');
    expect(row!.passwordHash).toBeNull();
  });

  it('asks UserInfo for the e-mail when the ID token does not carry it', async () => {
    oidc.addIdentity('google-sub-zola', {
      email: 'zola@example.com',
      emailVerified: true,
      name: 'Zola',
      userinfoOnly: true,
    });
    const result = await signIn('google-sub-zola');
    expect(result.user).toMatchObject({ email: 'zola@example.com', name: 'Zola', emailVerified: true });
  });

  it('refuses an e-mail the provider has not verified', async () => {
    oidc.addIdentity('google-sub-unverified', {
      email: 'nope@example.com',
      emailVerified: false,
      name: 'Nope',
    });
    const result = await signIn('google-sub-unverified');
    expect(result).toMatchObject({ pathname: '/auth/callback', error: 'email_not_verified', token: null });
    expect(await usersWithEmail('nope@example.com')).toHaveLength(0);
  });

  it('refuses a deactivated account', async () => {
    await createUser(server.db, { email: 'gone@example.com', isActive: false });
    oidc.addIdentity('google-sub-gone', { email: 'gone@example.com', emailVerified: true, name: 'Gone' });
    const result = await signIn('google-sub-gone');
    expect(result.error).toBe('account_deactivated');
    expect(result.token).toBeNull();
  });

  it('refuses an account with a second factor: the provider proves only the e-mail', async () => {
    const admin = await createUser(server.db, { email: 'two-step@example.com', role: 'admin' });
    await server.db
      .insert(secondFactors)
      .values({ userId: admin.id, secretEncrypted: 'sealed', confirmedAt: new Date() });
    oidc.addIdentity('google-sub-two-step', {
      email: 'two-step@example.com',
      emailVerified: true,
      name: 'Two',
    });
    const result = await signIn('google-sub-two-step');
    expect(result.error).toBe('access_denied');
    expect(result.token).toBeNull();
  });

  it('rejects a tampered state, a missing cookie and a forged cookie', async () => {
    oidc.addIdentity('google-sub-eve', { email: 'eve@example.com', emailVerified: true, name: 'Eve' });
    const browser = new TestBrowser();
    const callback = await oidc.signInAt(
      browser,
      startUrl(),
      'google-sub-eve',
      `${server.baseUrl}/api/auth/google/callback`,
    );
    const sealed = browser.cookie(server.baseUrl, 'ovation_oauth_google')!;

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const withTamperedState = await browser.request('GET', tampered.href);
    expect(readCallback(withTamperedState.location!).error).toBe('invalid_state');

    const withoutCookie = await new TestBrowser().request('GET', callback);
    expect(readCallback(withoutCookie.location!).error).toBe('invalid_state');

    const forger = new TestBrowser();
    forger.setCookie(server.baseUrl, 'ovation_oauth_google', `${sealed.slice(0, -2)}AA`);
    expect(readCallback((await forger.request('GET', callback)).location!).error).toBe('invalid_state');
    expect(await usersWithEmail('eve@example.com')).toHaveLength(0);

    // The genuine pair still works once; replaying the used code is refused by the provider.
    const genuine = new TestBrowser();
    genuine.setCookie(server.baseUrl, 'ovation_oauth_google', sealed);
    expect(readCallback((await genuine.request('GET', callback)).location!).token).toBeTruthy();
    genuine.setCookie(server.baseUrl, 'ovation_oauth_google', sealed);
    expect(readCallback((await genuine.request('GET', callback)).location!).error).toBe('exchange_failed');
  });

  it('refuses a flow left unfinished for more than 10 minutes', async () => {
    oidc.addIdentity('google-sub-slow', { email: 'slow@example.com', emailVerified: true, name: 'Slow' });
    const browser = new TestBrowser();
    const callback = await oidc.signInAt(
      browser,
      startUrl(),
      'google-sub-slow',
      `${server.baseUrl}/api/auth/google/callback`,
    );
    server.clock.advance(10 * 60 * 1000 + 1000);
    const late = await browser.request('GET', callback);
    expect(readCallback(late.location!).error).toBe('invalid_state');
    server.clock.advance(-(10 * 60 * 1000 + 1000));
  });

  it('makes no new account while registration is closed, but still signs known people in', async () => {
    const closed = { ...DEFAULT_PLATFORM_SETTINGS.generalSettings, allowRegistration: false };
    await savePlatformSettings(server.db, { ...DEFAULT_PLATFORM_SETTINGS, generalSettings: closed }, null);
    oidc.addIdentity('google-sub-late', { email: 'late@example.com', emailVerified: true, name: 'Late' });
    expect((await signIn('google-sub-late')).error).toBe('registration_closed');
    expect(await usersWithEmail('late@example.com')).toHaveLength(0);
    expect((await signIn('google-sub-ada')).token).toBeTruthy();
    await savePlatformSettings(server.db, DEFAULT_PLATFORM_SETTINGS, null);
  });

  it('passes the provider refusing back as an error, never a 500', async () => {
    const browser = new TestBrowser();
    // The person cancels on the provider's login screen: it redirects back with error=access_denied.
    const location = await browser.follow(startUrl(), callbackPrefix(), async ({ url }) =>
      url.pathname.startsWith('/interaction/') ? `${url.href}/abort` : null,
    );
    expect(readCallback(location)).toMatchObject({
      pathname: '/auth/callback',
      error: 'access_denied',
      token: null,
    });

    const serverError = await browser.request('GET', `${startUrl()}/callback?error=server_error&state=x`);
    expect(serverError.response.status).toBe(302);
    expect(readCallback(serverError.location!).error).toBe('provider_error');
  });

  it('turns Google off when an admin disables it or the platform disallows social login', async () => {
    const disable = await server.request('PUT', '/api/admin/social-login-settings', {
      token: adminToken,
      body: { google: { enabled: false } },
    });
    expect(disable.status).toBe(200);
    const settings = await server.request('GET', '/api/auth/social-login-settings');
    expect(settings.body.data.google.enabled).toBe(false);
    const start = await new TestBrowser().request('GET', startUrl());
    expect(start.response.status).toBe(302);
    expect(readCallback(start.location!)).toMatchObject({
      pathname: '/auth/callback',
      error: 'provider_disabled',
    });

    await server.request('PUT', '/api/admin/social-login-settings', {
      token: adminToken,
      body: { google: { enabled: true } },
    });
    expect((await server.request('GET', '/api/auth/social-login-settings')).body.data.google.enabled).toBe(
      true,
    );

    const closed = { ...DEFAULT_PLATFORM_SETTINGS.generalSettings, allowSocialLogin: false };
    await savePlatformSettings(server.db, { ...DEFAULT_PLATFORM_SETTINGS, generalSettings: closed }, null);
    expect((await server.request('GET', '/api/auth/social-login-settings')).body.data.google.enabled).toBe(
      false,
    );
    const refused = await new TestBrowser().request('GET', startUrl());
    expect(readCallback(refused.location!).error).toBe('provider_disabled');
    await savePlatformSettings(server.db, DEFAULT_PLATFORM_SETTINGS, null);
  });
});
