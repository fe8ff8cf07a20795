import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { registration, setUpAccountsServer, signIn } from '../../test/accounts';
import { createUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';
import { flushSessionActivity, sessionCacheFor } from '../sessions/service';
import { deactivateAccount } from './service';

const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = accounts);
});

const MINUTE = 60 * 1000;

describe('POST /api/auth/login', () => {
  it('signs in, records the session device, and audits the login', async () => {
    const { token, user } = await signIn(server);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(token);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(audit.map((entry) => entry.action)).toContain('auth.login.success');
  });

  it('records a phone as a mobile device', async () => {
    const email = 'phone@example.com';
    await createUser(server.db, { email, passwordHash: await hashPassword('password123') });
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const response = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
      headers: { 'user-agent': iphone },
    });
    const rows = await server.db.select().from(sessions).where(eq(sessions.userId, response.body.user._id));
    expect(rows[0]!.deviceType).toBe('mobile');
  });

  it('answers wrong credentials with 401 Invalid credentials', async () => {
    const { email } = await signIn(server);
    const wrong = await server.request('POST', '/api/auth/login', { body: { email, password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid credentials');
    const unknown = await server.request('POST', '/api/auth/login', {
      body: { email: 'ghost@example.com', password: 'whatever' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid credentials');
  });

  it('locks an account after 5 failures in 15 minutes, even for the right password', async () => {
    const { email, password } = await signIn(server);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await server.request('POST', '/api/auth/login', {
        body: { email, password: 'wrong-password' },
      });
      expect(response.status).toBe(401);
    }
    const locked = await server.request('POST', '/api/auth/login', { body: { email, password } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.locked'));
    expect(audit.length).toBeGreaterThan(0);
  });

  it('locks an account after 5 tries even when guesses arrive in parallel', async () => {
    const { email } = await signIn(server);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        server.request('POST', '/api/auth/login', { body: { email, password: `guess-${index}` } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
  });

  it('answers an unverified account with emailNotVerified and mails a fresh code', async () => {
    await server.request('POST', '/api/auth/register', {
      body: registration({ email: 'unverified@example.com' }),
    });
    server.clock.advance(2 * MINUTE);
    const before = smtp.countTo('unverified@example.com');
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: 'unverified@example.com', password: 'secret123' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      emailNotVerified: true,
      verificationSent: true,
      email: 'unverified@example.com',
      message: 'Verification code sent to your email. Please enter the code to continue.',
    });
    await expect.poll(() => smtp.countTo('unverified@example.com')).toBe(before + 1);
  });

  it('within a minute of a code, mails none and says the earlier code still works', async () => {
    await server.request('POST', '/api/auth/register', {
      body: registration({ email: 'just-registered@example.com' }),
    });
    await expect.poll(() => smtp.countTo('just-registered@example.com')).toBe(1);
    server.clock.advance(20 * 1000);
    const response = await server.request('POST', '/api/auth/login', {
      body: { email: 'just-registered@example.com', password: 'secret123' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'EMAIL_NOT_VERIFIED',
      emailNotVerified: true,
      verificationSent: false,
      codeStillValid: true,
      retryAfterSeconds: 40,
      message: 'The code we emailed you earlier still works. Please enter it to continue.',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.countTo('just-registered@example.com')).toBe(1);
  });

  it('refuses a deactivated account', async () => {
    const email = 'gone@example.com';
    await createUser(server.db, { email, isActive: false, passwordHash: await hashPassword('password123') });
    const response = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Account has been deactivated');
  });
});

describe('sessions', () => {
  it('answers /auth/me without a token with 401', async () => {
    const response = await server.request('GET', '/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });

  it('revokes the token on logout', async () => {
    const { token } = await signIn(server);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    const logout = await server.request('POST', '/api/auth/logout', { token });
    expect(logout.body.message).toBe('Logged out successfully');
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
  });

  it('ends a session after 30 minutes without activity, on the server', async () => {
    const { token } = await signIn(server);
    server.clock.advance(29 * MINUTE);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    server.clock.advance(29 * MINUTE);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    server.clock.advance(31 * MINUTE);
    const expired = await server.request('GET', '/api/auth/me', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('SESSION_EXPIRED');
    expect((await server.request('GET', '/api/auth/me', { token })).body.code).toBe('UNAUTHORIZED');
  });

  it('writes session activity in batches, and reads its own pending activity before the batch lands', async () => {
    const { token, user } = await signIn(server);
    const lastActivity = async () =>
      (await server.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastActivityAt;
    const signedInAt = await lastActivity();
    server.clock.advance(20 * MINUTE);
    const touchedAt = server.clock.now();
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    // Not written yet: only recorded for the next batch.
    expect(await lastActivity()).toEqual(signedInAt);
    // A cache miss (another request after eviction) still counts the recorded activity.
    sessionCacheFor(server.db).evict({ kind: 'user', id: user.id }, false);
    server.clock.advance(20 * MINUTE);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    await flushSessionActivity(server.db);
    expect((await lastActivity()).getTime()).toBeGreaterThan(touchedAt.getTime());
  });

  it('ends other sessions when the password changes', async () => {
    const { email, password, token } = await signIn(server);
    const other = await server.request('POST', '/api/auth/login', { body: { email, password } });
    const wrong = await server.request('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: 'not-it', newPassword: 'brand-new-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('WRONG_PASSWORD');
    const changed = await server.request('PUT', '/api/auth/password', {
      token,
      body: { currentPassword: password, newPassword: 'brand-new-1' },
    });
    expect(changed.status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: other.body.token })).status).toBe(401);
    const relogin = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'brand-new-1' },
    });
    expect(relogin.status).toBe(200);
  });

  it('ends sessions of a deactivated user at once', async () => {
    const { token, user, email, password } = await signIn(server);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
    await deactivateAccount({ db: server.db, clock: server.clock }, user.id);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
    const again = await server.request('POST', '/api/auth/login', { body: { email, password } });
    expect(again.body.message).toBe('Account has been deactivated');
  });
});

describe('PUT /api/auth/profile', () => {
  it('updates name and bio but never the e-mail or role', async () => {
    const { token, email } = await signIn(server);
    const response = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: '  Zainab  ', bio: 'Afrobeats forever', email: 'hijack@example.com', role: 'admin' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      name: 'Zainab',
      bio: 'Afrobeats forever',
      email,
      role: 'fan',
    });
  });

  it('refuses a bio over 500 characters', async () => {
    const { token } = await signIn(server);
    const response = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: 'Zainab', bio: 'x'.repeat(501) },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      field: 'bio',
      message: 'Bio must be at most 500 characters',
    });
  });

  it('needs a session', async () => {
    const response = await server.request('PUT', '/api/auth/profile', { body: { name: 'Nobody' } });
    expect(response.status).toBe(401);
  });
});

describe('GET /assets/countries-optimized.json', () => {
  it('serves countries with their states', async () => {
    const response = await server.request('GET', '/assets/countries-optimized.json');
    expect(response.status).toBe(200);
    const nigeria = response.body.find((country: { id: string }) => country.id === 'NG');
    expect(nigeria).toMatchObject({ name: 'Nigeria', emoji: '🇳🇬' });
    expect(nigeria.states.map((state: { name: string }) => state.name)).toContain('Lagos');
  });
});
