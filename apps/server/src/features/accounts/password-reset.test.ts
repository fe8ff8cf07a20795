import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, passwordResets } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { setUpAccountsServer } from '../../test/accounts';
import { createUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';

const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = accounts);
});

const MINUTE = 60 * 1000;
let counter = 0;

/** A verified account with the password 'old-password', signed in: its e-mail, id and token. */
async function account(values: { language?: string; emailVerified?: boolean } = {}) {
  counter += 1;
  const email = `reset${counter}@example.com`;
  const user = await createUser(server.db, {
    email,
    name: 'Reset Tester',
    passwordHash: await hashPassword('old-password'),
    ...values,
  });
  const login = await server.request('POST', '/api/auth/login', {
    body: { email, password: 'old-password' },
  });
  return { email, user, token: login.body.token as string | undefined };
}

const forgot = (email: string) => server.request('POST', '/api/auth/forgot-password', { body: { email } });
const reset = (body: Record<string, unknown>) => server.request('POST', '/api/auth/reset-password', { body });
const login = (email: string, password: string) =>
  server.request('POST', '/api/auth/login', { body: { email, password } });

/** Asks for a reset and answers the code of the mail it brings (waiting for that mail, not an older one). */
async function forgotAndReadCode(email: string) {
  const before = smtp.countTo(email);
  const answer = await forgot(email);
  await expect.poll(() => smtp.countTo(email)).toBe(before + 1);
  return { answer, code: await smtp.latestCode(email) };
}

/** The reset link's token from the newest mail to `email`. */
async function mailedLink(email: string) {
  await smtp.latestCode(email);
  const mail = [...smtp.messages].reverse().find((message) => message.to.includes(email))!;
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

describe('password recovery', () => {
  it('mails a code and a link; the code sets the new password, ends every session and is single-use', async () => {
    const { email, user, token } = await account();
    const asked = await forgot(email);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ success: true, retryAfterSeconds: 60 });
    const code = await smtp.latestCode(email);
    const mail = [...smtp.messages].reverse().find((message) => message.to.includes(email))!;
    expect(mail.subject).toBe('Reset your Ovation password');
    expect(mail.text).toContain('expire in 15 minutes');
    // Stored as HMACs only.
    const [row] = await server.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row!.codeHash).not.toContain(code);

    const tooShort = await reset({ email, code, password: '12345' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors[0]).toMatchObject({
      field: 'password',
      message: 'Password must be at least 6 characters',
    });

    const done = await reset({ email, code, password: 'new-password' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Your password has been changed. Please log in with your new password.');
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await login(email, 'old-password')).status).toBe(401);
    expect((await login(email, 'new-password')).status).toBe(200);
    // Single use.
    const again = await reset({ email, code, password: 'another-password' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_RESET_CODE');
    const actions = (await server.db.select().from(auditLog).where(eq(auditLog.actorId, user.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['auth.password.reset-requested', 'auth.password.reset']));
  });

  it('accepts the link token instead of the code, once', async () => {
    const { email } = await account();
    await forgot(email);
    const link = await mailedLink(email);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await reset({ email, token, password: 'link-password' })).status).toBe(200);
    expect((await reset({ email, token, password: 'link-password-2' })).body.code).toBe('INVALID_RESET_CODE');
    expect((await login(email, 'link-password')).status).toBe(200);
  });

  it('refuses a code after 15 minutes, and an old code once a new one is mailed', async () => {
    const { email } = await account();
    await forgot(email);
    const first = await smtp.latestCode(email);
    server.clock.advance(16 * MINUTE);
    expect((await reset({ email, code: first, password: 'late-password' })).body.code).toBe(
      'INVALID_RESET_CODE',
    );
    await forgot(email);
    await expect.poll(() => smtp.countTo(email)).toBe(2);
    const second = await smtp.latestCode(email);
    if (first !== second) {
      expect((await reset({ email, code: first, password: 'late-password' })).status).toBe(400);
    }
    expect((await reset({ email, code: second, password: 'late-password' })).status).toBe(200);
  });

  it('allows 5 tries per code: the 5th wrong one and the right one after it answer 429', async () => {
    const { email } = await account();
    await forgot(email);
    const code = await smtp.latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await reset({ email, code: wrong, password: 'guessing' })).status).toBe(400);
    }
    expect((await reset({ email, code: wrong, password: 'guessing' })).status).toBe(429);
    const right = await reset({ email, code, password: 'guessing' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('OTP_TOO_MANY_ATTEMPTS');
    expect((await login(email, 'old-password')).status).toBe(200);
  });

  it('mails at most one reset a minute per address, with the same answer', async () => {
    const { email } = await account();
    await forgot(email);
    await smtp.latestCode(email);
    expect((await forgot(email)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.countTo(email)).toBe(1);
    server.clock.advance(61 * 1000);
    await forgot(email);
    await expect.poll(() => smtp.countTo(email)).toBe(2);
  });

  it('lifts the sign-in lock and verifies the e-mail', async () => {
    const { email } = await account({ emailVerified: false });
    for (let attempt = 0; attempt < 6; attempt++) await login(email, 'wrong-password');
    expect((await login(email, 'old-password')).status).toBe(429);
    const { code } = await forgotAndReadCode(email);
    expect((await reset({ email, code, password: 'unlocked-password' })).status).toBe(200);
    const signedIn = await login(email, 'unlocked-password');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.emailVerified).toBe(true);
  });

  it('mails in the saved language', async () => {
    const { email } = await account({ language: 'ar' });
    await forgot(email);
    await smtp.latestCode(email);
    const mail = [...smtp.messages].reverse().find((message) => message.to.includes(email))!;
    expect(mail.subject).toBe('إعادة تعيين كلمة مرور Ovation');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('asks for a code or a link', async () => {
    const response = await reset({ email: 'someone@example.com', password: 'whatever' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({
      field: 'code',
      message: 'Please enter a valid 6-digit OTP',
    });
  });
});
