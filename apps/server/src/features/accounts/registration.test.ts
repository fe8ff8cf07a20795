import { beforeAll, describe, expect, it } from 'vitest';
import { registration, setPlatformSettings, setUpAccountsServer } from '../../test/accounts';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';

const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = accounts);
});

async function register(overrides: Record<string, unknown> = {}) {
  return server.request('POST', '/api/auth/register', { body: registration(overrides) });
}

function fieldMessage(body: { errors?: Array<{ field: string; message: string }> }, field: string) {
  return body.errors?.find((error) => error.field === field)?.message;
}

describe('POST /api/auth/register validation', () => {
  it.each([
    [{ name: undefined }, 'name', 'Name is required'],
    [{ name: ' a ' }, 'name', 'Name must be at least 2 characters'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'ada at example.com' }, 'email', 'Please provide a valid email address'],
    [{ phoneNumber: '' }, 'phoneNumber', 'Phone number is required'],
    [{ phoneNumber: '0803' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ phoneNumber: '+12' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ country: '' }, 'country', 'Country is required'],
    [{ country: 'Atlantis' }, 'country', 'Please choose a country from the list'],
    [{ state: '' }, 'state', 'State/Province is required'],
    [{ state: 'Nowhere' }, 'state', 'Please choose a state or province from the list'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ role: 'admin' }, 'role', 'Role must be fan or artist'],
  ])('%o -> %s: %s', async (overrides, field, message) => {
    const response = await register({ email: `v${Math.random()}@example.com`, ...overrides });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(fieldMessage(response.body, field)).toBe(message);
  });

  it('refuses a disposable e-mail domain with the spec message', async () => {
    const response = await register({ email: 'someone@mailinator.com' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('DISPOSABLE_EMAIL');
    expect(response.body.message).toBe(
      'Temporary or disposable email addresses are not allowed. Please use a permanent email address.',
    );
  });

  it('accepts a local number valid for the chosen country', async () => {
    const response = await register({
      email: 'kofi@example.com',
      phoneNumber: '24 412 3456',
      country: 'Ghana',
      state: 'Greater Accra',
    });
    expect(response.status).toBe(201);
  });
});

describe('registration and verification', () => {
  it('registers a fan, mails a 6-digit code, and verifies it into a session', async () => {
    const response = await register({ email: 'Chidi@Example.com' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      requiresVerification: true,
      verificationSent: true,
    });
    expect(response.body.user).toMatchObject({
      email: 'chidi@example.com',
      role: 'fan',
      emailVerified: false,
    });
    expect(response.body.token).toBeUndefined();

    const code = await smtp.latestCode('chidi@example.com');
    const mail = smtp.messages.find((message) => message.to.includes('chidi@example.com'))!;
    expect(mail.subject).toContain('verification code');
    expect(mail.html).toContain(code);

    const verified = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'chidi@example.com', otp: code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.emailVerified).toBe(true);
    const me = await server.request('GET', '/api/auth/me', { token: verified.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('chidi@example.com');
  });

  it('answers a second registration of the same e-mail, in any case, like a new one and tells the owner', async () => {
    const first = await register({ email: 'twice@example.com', name: 'First Owner' });
    server.clock.advance(61 * 1000);
    const again = await register({ email: 'TWICE@example.com', name: 'Someone Else' });
    // The old answer (409 EMAIL_TAKEN) told anyone who has an account.
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(again.body).toMatchObject({ success: true, requiresVerification: true, verificationSent: true });
    expect(again.body.message).toBe(first.body.message);
    expect(again.body.user).toMatchObject({ email: 'twice@example.com', name: 'Someone Else' });
    expect(again.body.user._id).not.toBe(first.body.user._id);
    await expect.poll(() => smtp.countTo('twice@example.com')).toBe(2);
    const notice = smtp.messages.filter((message) => message.to.includes('twice@example.com'))[1]!;
    expect(notice.subject).toBe('Someone tried to register with your email');
    expect(notice.text).toContain('Hello First Owner,');
    expect(notice.text).toMatch(/\/login\n/);
    expect(notice.text).toContain('/forgot-password?email=twice%40example.com');
  });

  it('never creates an admin from a client', async () => {
    const response = await register({ email: 'sneaky@example.com', role: 'admin' });
    expect(response.status).toBe(400);
  });

  it('mails the code in the user language', async () => {
    await register({ email: 'amina@example.com', language: 'sw' });
    await smtp.latestCode('amina@example.com');
    const mail = smtp.messages.find((message) => message.to.includes('amina@example.com'))!;
    expect(mail.subject).toContain('Msimbo');
  });

  it('refuses a wrong code, then locks after 5 wrong tries', async () => {
    await register({ email: 'wrong@example.com' });
    const code = await smtp.latestCode('wrong@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await server.request('POST', '/api/auth/verify-email', {
        body: { email: 'wrong@example.com', otp: wrong },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Invalid OTP. Please try again.');
    }
    const fifth = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'wrong@example.com', otp: wrong },
    });
    expect(fifth.status).toBe(429);
    const right = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'wrong@example.com', otp: code },
    });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  it('allows no more than 5 tries even when guesses arrive in parallel', async () => {
    await register({ email: 'parallel@example.com' });
    const code = await smtp.latestCode('parallel@example.com');
    const guesses = Array.from({ length: 30 }, (_, index) =>
      String((Number(code) + index + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(
      guesses.map((otp) =>
        server.request('POST', '/api/auth/verify-email', { body: { email: 'parallel@example.com', otp } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(26);
  });

  it('refuses an expired code like a wrong one', async () => {
    await register({ email: 'late@example.com' });
    const code = await smtp.latestCode('late@example.com');
    server.clock.advance(11 * 60 * 1000);
    const response = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'late@example.com', otp: code },
    });
    // One answer for every wrong case: OTP_EXPIRED existed only for real accounts.
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('INVALID_OTP');
  });

  it('refuses a resend within 60 seconds, then sends a new code', async () => {
    await register({ email: 'resend@example.com' });
    const first = await smtp.latestCode('resend@example.com');
    const tooSoon = await server.request('POST', '/api/auth/resend-otp', {
      body: { email: 'resend@example.com' },
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.retryAfterSeconds).toBeGreaterThan(0);
    server.clock.advance(61 * 1000);
    const resent = await server.request('POST', '/api/auth/resend-otp', {
      body: { email: 'resend@example.com' },
    });
    expect(resent.status).toBe(200);
    // The mail leaves after the answer, so the answer takes as long whether or not an account exists.
    await expect.poll(() => smtp.countTo('resend@example.com')).toBe(2);
    const second = await smtp.latestCode('resend@example.com');
    const stale = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'resend@example.com', otp: first },
    });
    if (first !== second) expect(stale.status).toBe(400);
  });

  it('rejects a malformed code with the spec message', async () => {
    const response = await server.request('POST', '/api/auth/verify-email', {
      body: { email: 'x@example.com', otp: '12ab56' },
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toBe('Please enter a valid 6-digit OTP');
  });
});

describe('platform settings', () => {
  it('closes registration when allowRegistration is off', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false },
      generalSettings: { allowRegistration: false },
    });
    const response = await register({ email: 'closed@example.com' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('REGISTRATION_CLOSED');
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  });

  it('signs in at once when e-mail verification is off', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false, requireEmailVerification: false },
    });
    const response = await register({ email: 'open@example.com' });
    expect(response.status).toBe(201);
    expect(response.body.token).toEqual(expect.any(String));
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  });

  it('requires the CAPTCHA when the setting is on', async () => {
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: true } });
    const response = await register({ email: 'robot@example.com' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Please complete the CAPTCHA verification');
    await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  });
});
