import { readdirSync, readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, socialAccounts, users } from '../../db/schema';
import { setUpAccountsServer, signIn } from '../../test/accounts';
import { TEST_META } from '../../test/request-meta';
import { enableSecondFactor, nextTotpCode } from '../../test/second-factor';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';
import { signInWithSocialProfile } from './social-sign-in-service';

// Every way into a session must ask an account with a second factor for it: none may skip it.
const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = accounts);
});

/** A signed-in admin with a confirmed second factor. */
async function adminWithFactor() {
  const admin = await signIn(server, 'admin');
  const factor = await enableSecondFactor(server, admin.token);
  return { ...admin, ...factor };
}

async function sessionCount(userId: string) {
  return (await server.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

async function userRow(userId: string) {
  const [row] = await server.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** What an account its owner deleted a moment ago looks like (restorable for 30 days). */
async function deleteByOwner(userId: string) {
  await server.db
    .update(users)
    .set({ isActive: false, deletedByOwner: true, deactivatedAt: server.clock.now() })
    .where(eq(users.id, userId));
}

function secondStep(challengeToken: string, code: string) {
  return server.request('POST', '/api/auth/login/second-factor', { body: { challengeToken, code } });
}

describe('verifying the e-mail of an admin with a second factor', () => {
  it('verifies the address but answers the challenge, not a session; the code then signs in', async () => {
    const admin = await adminWithFactor();
    await server.db.update(users).set({ emailVerified: false }).where(eq(users.id, admin.user.id));
    const before = await sessionCount(admin.user.id);

    const resent = await server.request('POST', '/api/auth/resend-otp', { body: { email: admin.email } });
    expect(resent.status).toBe(200);
    const otp = await smtp.latestCode(admin.email);
    const verified = await server.request('POST', '/api/auth/verify-email', {
      body: { email: admin.email, otp },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, secondFactorRequired: true });
    expect(verified.body.challengeToken).toEqual(expect.any(String));
    expect(verified.body.token).toBeUndefined();
    expect(verified.body.user).toBeUndefined();
    expect(await sessionCount(admin.user.id)).toBe(before);
    expect((await userRow(admin.user.id)).emailVerified).toBe(true);

    const wrong = await secondStep(verified.body.challengeToken, '000000');
    expect(wrong.status).toBe(401);
    const through = await secondStep(verified.body.challengeToken, nextTotpCode(server, admin.secret));
    expect(through.status).toBe(200);
    expect(through.body.token).toEqual(expect.any(String));
    expect(through.body.user.id).toBe(admin.user.id);
  });

  it('still answers a session to an account without one', async () => {
    const fan = await signIn(server, 'fan');
    await server.db.update(users).set({ emailVerified: false }).where(eq(users.id, fan.user.id));
    await server.request('POST', '/api/auth/resend-otp', { body: { email: fan.email } });
    const otp = await smtp.latestCode(fan.email);
    const verified = await server.request('POST', '/api/auth/verify-email', {
      body: { email: fan.email, otp },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toEqual(expect.any(String));
    expect(verified.body.secondFactorRequired).toBeUndefined();
  });
});

describe('the password reset of an admin with a second factor', () => {
  it('signs nobody in; the next sign-in with the new password still asks for the code', async () => {
    const admin = await adminWithFactor();
    const before = await sessionCount(admin.user.id);
    await server.request('POST', '/api/auth/forgot-password', { body: { email: admin.email } });
    const code = await smtp.latestCode(admin.email);
    const reset = await server.request('POST', '/api/auth/reset-password', {
      body: { email: admin.email, code, password: 'new-password-456' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.token).toBeUndefined();
    expect(await sessionCount(admin.user.id)).toBe(before);
    expect((await server.request('GET', '/api/auth/me', { token: admin.token })).status).toBe(401);

    const login = await server.request('POST', '/api/auth/login', {
      body: { email: admin.email, password: 'new-password-456' },
    });
    expect(login.body.secondFactorRequired).toBe(true);
    expect(login.body.token).toBeUndefined();
  });
});

describe('restoring a deleted admin account at sign-in', () => {
  it('waits for the second factor: the challenge leaves the account deleted, the code brings it back', async () => {
    const admin = await adminWithFactor();
    await deleteByOwner(admin.user.id);

    const login = await server.request('POST', '/api/auth/login', {
      body: { email: admin.email, password: admin.password },
    });
    expect(login.body.secondFactorRequired).toBe(true);
    expect((await userRow(admin.user.id)).isActive).toBe(false);

    const through = await secondStep(login.body.challengeToken, nextTotpCode(server, admin.secret));
    expect(through.status).toBe(200);
    expect(through.body.accountRestored).toBe(true);
    expect((await userRow(admin.user.id)).isActive).toBe(true);
  });
});

describe('social sign-in to an account with a second factor', () => {
  const profile = (email: string, subject: string) => ({
    provider: 'google' as const,
    subject,
    email,
    name: 'Admin Person',
  });

  it('is refused before anything is linked, verified or restored', async () => {
    const admin = await adminWithFactor();
    await server.db.update(users).set({ emailVerified: false }).where(eq(users.id, admin.user.id));
    await deleteByOwner(admin.user.id);
    const deps = { db: server.db, clock: server.clock };
    await expect(
      signInWithSocialProfile(deps, profile(admin.email, `sub-${admin.user.id}`), TEST_META),
    ).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const row = await userRow(admin.user.id);
    expect(row).toMatchObject({ isActive: false, emailVerified: false });
    expect(row.passwordHash).not.toBeNull();
    const links = await server.db
      .select()
      .from(socialAccounts)
      .where(eq(socialAccounts.userId, admin.user.id));
    expect(links).toHaveLength(0);
    const restored = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'auth.account.restored')));
    expect(restored).toHaveLength(0);
  });

  it('is refused through an identity linked before the factor was set up', async () => {
    const admin = await signIn(server, 'admin');
    const subject = `linked-${admin.user.id}`;
    await server.db
      .insert(socialAccounts)
      .values({ userId: admin.user.id, provider: 'google', providerUserId: subject });
    const deps = { db: server.db, clock: server.clock };
    const before = await signInWithSocialProfile(deps, profile(admin.email, subject), TEST_META);
    expect(before.token).toEqual(expect.any(String));

    await enableSecondFactor(server, admin.token);
    const sessionsBefore = await sessionCount(admin.user.id);
    await expect(
      signInWithSocialProfile(deps, profile(admin.email, subject), TEST_META),
    ).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await sessionCount(admin.user.id)).toBe(sessionsBefore);
  });
});

describe('the one place sessions start', () => {
  it('is sign-in-session.ts: no other file of the accounts feature starts a session itself', () => {
    const folder = new URL('.', import.meta.url);
    const starters = readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .filter((name) => /\bstartSession(OnDevice)?\b/.test(readFileSync(new URL(name, folder), 'utf8')));
    expect(starters).toEqual(['sign-in-session.ts']);
  });
});
