import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { setUpAccountsServer } from '../../test/accounts';
import { createUser } from '../../test/factories';
import { runNamedJob } from '../../test/jobs';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';

const handles = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = handles);
});

const DAY = 86_400_000;
const PASSWORD = 'my-password-1';
let counter = 0;

/** A verified account, signed in: with a password, or (social) without one. */
async function account(values: { role?: 'fan' | 'admin'; social?: boolean; language?: string } = {}) {
  counter += 1;
  const email = `leaving${counter}-${Date.now()}@example.com`;
  const user = await createUser(server.db, {
    email,
    name: 'Leaving Fan',
    role: values.role ?? 'fan',
    language: values.language ?? 'en',
    passwordHash: await hashPassword(PASSWORD),
  });
  const login = await server.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(200);
  if (values.social) await server.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
  return { email, id: user.id, token: login.body.token as string };
}

const remove = (token: string | undefined, body: Record<string, unknown>) =>
  server.request('POST', '/api/auth/account/delete', { token, body });
const me = (token: string) => server.request('GET', '/api/auth/me', { token });
const login = (email: string) =>
  server.request('POST', '/api/auth/login', { body: { email, password: PASSWORD } });

describe('POST /api/auth/account/delete', () => {
  it('needs a signed-in user', async () => {
    expect((await remove(undefined, { password: PASSWORD })).status).toBe(401);
  });

  it('refuses a wrong password on its field and keeps the account and its session', async () => {
    const fan = await account();
    const refused = await remove(fan.token, { password: 'not-it' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'WRONG_PASSWORD', errors: [{ field: 'password' }] });
    expect((await me(fan.token)).status).toBe(200);
  });

  it('deactivates at once and ends every session; signing in within 30 days restores it', async () => {
    const fan = await account({ language: 'fr' });
    const elsewhere = (await login(fan.email)).body.token as string;
    const deleted = await remove(fan.token, { password: PASSWORD });
    expect(deleted.status).toBe(200);
    const until = new Date(server.clock.now().getTime() + 30 * DAY);
    expect(deleted.body.data).toEqual({ restorableUntil: until.toISOString() });
    expect(deleted.body.message).toContain('Reconnectez-vous avant le');
    expect((await me(fan.token)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    const [audited] = await server.db.select().from(auditLog).where(eq(auditLog.actorId, fan.id));
    expect(audited).toBeDefined();

    server.clock.advance(29 * DAY);
    const back = await server.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: PASSWORD },
      headers: { 'accept-language': 'fr' },
    });
    expect(back.status).toBe(200);
    expect(back.body.message).toBe('Bon retour ! Votre compte est restauré.');
    expect(back.body).toMatchObject({ accountRestored: true, user: { isActive: true } });
    expect((await me(back.body.token)).status).toBe(200);
  });

  it('after 30 days signing in is refused, and the retention job erases the account', async () => {
    const fan = await account();
    expect((await remove(fan.token, { password: PASSWORD })).status).toBe(200);
    server.clock.advance(31 * DAY);
    const late = await login(fan.email);
    expect(late.status).toBe(401);
    expect(late.body.code).toBe('ACCOUNT_DEACTIVATED');
    const run = await runNamedJob(server, 'retention');
    expect(run.rows.users_erased).toBeGreaterThanOrEqual(1);
    const [row] = await server.db.select().from(users).where(eq(users.id, fan.id));
    expect(row!.erasedAt).not.toBeNull();
  });

  it('never lets an account an admin deactivated back in by signing in', async () => {
    const fan = await account();
    const admin = await account({ role: 'admin' });
    const off = await server.request('PATCH', `/api/admin/users/${fan.id}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect((await login(fan.email)).body.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it('refuses the last active admin, and lets an admin go when another remains', async () => {
    await server.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    const only = await account({ role: 'admin' });
    const refused = await remove(only.token, { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('LAST_ADMIN');
    expect((await me(only.token)).status).toBe(200);

    await account({ role: 'admin' });
    expect((await remove(only.token, { password: PASSWORD })).status).toBe(200);
  });
});

describe('an account without a password (social sign-in)', () => {
  it('confirms with a mailed code: a wrong one is refused, the right one deletes', async () => {
    const fan = await account({ social: true });
    const withPassword = await remove(fan.token, { password: PASSWORD });
    expect(withPassword.status).toBe(409);
    expect(withPassword.body.code).toBe('CODE_CONFIRMS_DELETION');

    const sent = await server.request('POST', '/api/auth/account/deletion-code', { token: fan.token });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ retryAfterSeconds: 60 });
    const code = await smtp.latestCode(fan.email);
    const again = await server.request('POST', '/api/auth/account/deletion-code', { token: fan.token });
    expect(again.status).toBe(429);

    const wrong = await remove(fan.token, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_OTP', errors: [{ field: 'code' }] });
    expect((await remove(fan.token, { code })).status).toBe(200);
    expect((await me(fan.token)).status).toBe(401);
  });

  it('is the only kind that gets a code: an account with a password confirms with it', async () => {
    const fan = await account();
    const refused = await server.request('POST', '/api/auth/account/deletion-code', { token: fan.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PASSWORD_CONFIRMS_DELETION');
  });
});
