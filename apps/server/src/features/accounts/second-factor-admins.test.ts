import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { setUpAccountsServer, signIn } from '../../test/accounts';
import { enableSecondFactor, nextTotpCode } from '../../test/second-factor';
import type { TestServer } from '../../test/server';

// Its own server: the lockout test spends part of the IP's 20 sign-in failures in 15 minutes.
const accounts = setUpAccountsServer();
let server: TestServer;
beforeAll(() => {
  ({ server } = accounts);
});

function login(body: Record<string, unknown>) {
  return server.request('POST', '/api/auth/login', { body });
}

const settingsBody = {
  deviceRestrictions: { enabled: false, oneAccountPerDevice: false, allowMultipleDevices: true },
  votingSettings: {
    allowMultipleVotes: false,
    maxVotesPerUser: 1,
    dailyVotesPerCategory: 1,
    enableDailyVoting: true,
  },
  securitySettings: { requireEmailVerification: true, requireCaptcha: false },
  generalSettings: { allowRegistration: true, allowSocialLogin: true },
};

function requireSecondFactor(token: string, on: boolean) {
  return server.request('PUT', '/api/admin/settings', {
    token,
    body: {
      ...settingsBody,
      securitySettings: { ...settingsBody.securitySettings, requireAdminSecondFactor: on },
    },
  });
}

describe('an admin locked out by someone who knows only the e-mail', () => {
  it('still signs in with the password and a valid second factor, and nothing tells the password apart', async () => {
    const admin = await signIn(server, 'admin');
    const { secret } = await enableSecondFactor(server, admin.token);
    for (let attempt = 0; attempt < 5; attempt++)
      await login({ email: admin.email, password: 'attacker-guess' });
    const locked = await login({ email: admin.email, password: admin.password });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');

    // Wrong password with a right code, or right password with a wrong code: the same lockout answer.
    const wrongPassword = await login({
      email: admin.email,
      password: 'attacker-guess',
      secondFactorCode: nextTotpCode(server, secret),
    });
    expect(wrongPassword.status).toBe(429);
    expect(wrongPassword.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');
    const wrongCode = await login({
      email: admin.email,
      password: admin.password,
      secondFactorCode: '00000-00000',
    });
    expect(wrongCode.status).toBe(429);
    expect(wrongCode.body.code).toBe('TOO_MANY_LOGIN_ATTEMPTS');

    const through = await login({
      email: admin.email,
      password: admin.password,
      secondFactorCode: nextTotpCode(server, secret),
    });
    expect(through.status).toBe(200);
    expect(through.body.token).toEqual(expect.any(String));
  });

  it('keeps the lockout for an account without a second factor', async () => {
    const fan = await signIn(server, 'fan');
    for (let attempt = 0; attempt < 5; attempt++)
      await login({ email: fan.email, password: 'attacker-guess' });
    const locked = await login({ email: fan.email, password: fan.password, secondFactorCode: '123456' });
    expect(locked.status).toBe(429);
  });
});

describe('requiring a second factor of every admin', () => {
  it('needs one of its author, is audited, and stops admins without one at every admin API until set up', async () => {
    const author = await signIn(server, 'admin');
    const refused = await requireSecondFactor(author.token, true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SECOND_FACTOR_NEEDED_TO_REQUIRE');

    await enableSecondFactor(server, author.token);
    const saved = await requireSecondFactor(author.token, true);
    expect(saved.status).toBe(200);
    expect(saved.body.data.securitySettings.requireAdminSecondFactor).toBe(true);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, author.user.id), eq(auditLog.action, 'settings.platform.changed')));
    expect(JSON.stringify(entry!.details)).toContain('securitySettings.requireAdminSecondFactor');
    // A body written before the switch existed keeps it as stored.
    const spec = await server.request('PUT', '/api/admin/settings', {
      token: author.token,
      body: settingsBody,
    });
    expect(spec.body.data.securitySettings.requireAdminSecondFactor).toBe(true);

    const colleague = await signIn(server, 'admin');
    const blocked = await server.request('GET', '/api/admin/settings', { token: colleague.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('SECOND_FACTOR_SETUP_REQUIRED');
    const status = await server.request('GET', '/api/auth/second-factor', { token: colleague.token });
    expect(status.body.data).toMatchObject({ enabled: false, required: true });

    await enableSecondFactor(server, colleague.token);
    expect((await server.request('GET', '/api/admin/settings', { token: colleague.token })).status).toBe(200);
    // The author passes too (with a factor), and fans are untouched by the switch.
    expect((await server.request('GET', '/api/admin/settings', { token: author.token })).status).toBe(200);
    const fan = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/auth/me', { token: fan.token })).status).toBe(200);

    // Back off for the other tests.
    expect((await requireSecondFactor(author.token, false)).status).toBe(200);
  });
});

describe('an admin resets a colleague second factor', () => {
  it('resets a colleague (audited), never their own', async () => {
    const admin = await signIn(server, 'admin');
    const colleague = await signIn(server, 'admin');
    await enableSecondFactor(server, admin.token);
    await enableSecondFactor(server, colleague.token);

    const own = await server.request('POST', `/api/admin/users/${admin.user.id}/second-factor/reset`, {
      token: admin.token,
    });
    expect(own.status).toBe(403);
    expect(own.body.code).toBe('CANNOT_RESET_OWN_SECOND_FACTOR');

    const reset = await server.request('POST', `/api/admin/users/${colleague.user.id}/second-factor/reset`, {
      token: admin.token,
    });
    expect(reset.status).toBe(200);
    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.second-factor.reset'), eq(auditLog.targetId, colleague.user.id)));
    expect(entry!.actorId).toBe(admin.user.id);

    // The colleague signs in with the password alone now, and sets a factor up again.
    const signedIn = await login({ email: colleague.email, password: colleague.password });
    expect(signedIn.body.token).toEqual(expect.any(String));
    const status = await server.request('GET', '/api/auth/second-factor', { token: signedIn.body.token });
    expect(status.body.data.enabled).toBe(false);

    const none = await server.request('POST', `/api/admin/users/${colleague.user.id}/second-factor/reset`, {
      token: admin.token,
    });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('SECOND_FACTOR_NOT_ENABLED');
    const fan = await signIn(server, 'fan');
    const byFan = await server.request('POST', `/api/admin/users/${colleague.user.id}/second-factor/reset`, {
      token: fan.token,
    });
    expect(byFan.status).toBe(403);
  });
});
