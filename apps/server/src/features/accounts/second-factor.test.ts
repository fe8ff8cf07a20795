import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, secondFactorRecoveryCodes, secondFactors } from '../../db/schema';
import { setUpAccountsServer, signIn } from '../../test/accounts';
import { enableSecondFactor, nextTotpCode, totpCode } from '../../test/second-factor';
import type { TestServer } from '../../test/server';

// Its own server: wrong codes count toward the IP's 20 sign-in failures in 15 minutes.
const accounts = setUpAccountsServer();
let server: TestServer;
beforeAll(() => {
  ({ server } = accounts);
});

async function actions(userId: string) {
  const rows = await server.db.select().from(auditLog).where(eq(auditLog.actorId, userId));
  return rows.map((row) => row.action);
}

function passwordStep(email: string, password: string, extra: Record<string, unknown> = {}) {
  return server.request('POST', '/api/auth/login', { body: { email, password, ...extra } });
}

describe('an admin sets up a second factor', () => {
  it('stores the secret encrypted, confirms with a code, answers 10 recovery codes stored hashed', async () => {
    const admin = await signIn(server, 'admin');
    const before = await server.request('GET', '/api/auth/second-factor', { token: admin.token });
    expect(before.body.data).toEqual({
      enabled: false,
      required: false,
      confirmedAt: null,
      recoveryCodesRemaining: 0,
    });

    const setup = await server.request('POST', '/api/auth/second-factor/setup', { token: admin.token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUri } = setup.body.data;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Ovation:/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    const [stored] = await server.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, admin.user.id));
    expect(stored!.secretEncrypted).not.toContain(secret);
    expect(stored!.confirmedAt).toBeNull();

    // Not confirmed yet: signing in still takes the password alone.
    expect((await passwordStep(admin.email, admin.password)).body.token).toEqual(expect.any(String));

    const current = totpCode(server, secret);
    const wrong = await server.request('POST', '/api/auth/second-factor/confirm', {
      token: admin.token,
      body: { code: current === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('SECOND_FACTOR_INVALID');

    const confirm = await server.request('POST', '/api/auth/second-factor/confirm', {
      token: admin.token,
      body: { code: nextTotpCode(server, secret) },
    });
    expect(confirm.status).toBe(200);
    const codes: string[] = confirm.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const hashes = await server.db
      .select()
      .from(secondFactorRecoveryCodes)
      .where(eq(secondFactorRecoveryCodes.userId, admin.user.id));
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.map((row) => row.codeHash)).not.toContain(code);

    const after = await server.request('GET', '/api/auth/second-factor', { token: admin.token });
    expect(after.body.data).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    const again = await server.request('POST', '/api/auth/second-factor/setup', { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SECOND_FACTOR_ALREADY_ENABLED');
    expect(await actions(admin.user.id)).toEqual(
      expect.arrayContaining([
        'auth.second-factor.setup-started',
        'auth.second-factor.failure',
        'auth.second-factor.enabled',
      ]),
    );
  });

  it('is for admins only', async () => {
    const fan = await signIn(server, 'fan');
    const setup = await server.request('POST', '/api/auth/second-factor/setup', { token: fan.token });
    expect(setup.status).toBe(403);
  });
});

describe('signing in with a second factor', () => {
  it('takes the password, then a signed challenge and a code; a code works once', async () => {
    const admin = await signIn(server, 'admin');
    const { secret } = await enableSecondFactor(server, admin.token);

    const first = await passwordStep(admin.email, admin.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      secondFactorRequired: true,
      challengeToken: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(first.body.token).toBeUndefined();

    const code = nextTotpCode(server, secret);
    const second = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken: first.body.challengeToken, code },
    });
    expect(second.status).toBe(200);
    expect(second.body.token).toEqual(expect.any(String));
    expect(second.body.user.email).toBe(admin.email);
    const me = await server.request('GET', '/api/auth/me', { token: second.body.token });
    expect(me.status).toBe(200);

    // The same code a second time (seen over a shoulder) is refused.
    const replay = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken: first.body.challengeToken, code },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('SECOND_FACTOR_INVALID');

    // A code sent with the password signs in in one step.
    const oneStep = await passwordStep(admin.email, admin.password, {
      secondFactorCode: nextTotpCode(server, secret),
    });
    expect(oneStep.status).toBe(200);
    expect(oneStep.body.token).toEqual(expect.any(String));
  });

  it('refuses a tampered or expired challenge', async () => {
    const admin = await signIn(server, 'admin');
    const { secret } = await enableSecondFactor(server, admin.token);
    const { challengeToken } = (await passwordStep(admin.email, admin.password)).body;
    const [payload, signature] = challengeToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), e: Date.now() + 1e9 }),
    ).toString('base64url');
    const tampered = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken: `${forged}.${signature}`, code: totpCode(server, secret) },
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.code).toBe('SECOND_FACTOR_CHALLENGE_EXPIRED');

    server.clock.advance(5 * 60_000 + 1000);
    const expired = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken, code: totpCode(server, secret) },
    });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('SECOND_FACTOR_CHALLENGE_EXPIRED');
  });

  it('takes a recovery code once', async () => {
    const admin = await signIn(server, 'admin');
    const { recoveryCodes } = await enableSecondFactor(server, admin.token);
    const code = recoveryCodes[3]!;
    const first = await passwordStep(admin.email, admin.password);
    const used = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken: first.body.challengeToken, code: code.toUpperCase() },
    });
    expect(used.status).toBe(200);
    const status = await server.request('GET', '/api/auth/second-factor', { token: used.body.token });
    expect(status.body.data.recoveryCodesRemaining).toBe(9);

    const second = await passwordStep(admin.email, admin.password);
    const reused = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken: second.body.challengeToken, code },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('SECOND_FACTOR_INVALID');
    expect(await actions(admin.user.id)).toContain('auth.second-factor.recovery-used');
  });

  it('locks the code step after 5 wrong codes, audited, even for the right code', async () => {
    const admin = await signIn(server, 'admin');
    const { secret } = await enableSecondFactor(server, admin.token);
    const { challengeToken } = (await passwordStep(admin.email, admin.password)).body;
    const right = nextTotpCode(server, secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await server.request('POST', '/api/auth/login/second-factor', {
        body: { challengeToken, code: wrongCode },
      });
      expect(wrong.status).toBe(401);
    }
    const locked = await server.request('POST', '/api/auth/login/second-factor', {
      body: { challengeToken, code: right },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('SECOND_FACTOR_TOO_MANY_ATTEMPTS');
    const logged = await actions(admin.user.id);
    expect(logged.filter((action) => action === 'auth.second-factor.failure')).toHaveLength(5);
    expect(logged).toContain('auth.second-factor.locked');
  });

  it('leaves the spec answer of an account without a second factor unchanged', async () => {
    const fan = await signIn(server, 'fan');
    const response = await passwordStep(fan.email, fan.password);
    expect(Object.keys(response.body).sort()).toEqual(['message', 'success', 'token', 'user']);
  });
});

describe('turning a second factor off', () => {
  it('takes a current code or the password, audited', async () => {
    const admin = await signIn(server, 'admin');
    const { secret } = await enableSecondFactor(server, admin.token);
    const wrongPassword = await server.request('POST', '/api/auth/second-factor/disable', {
      token: admin.token,
      body: { password: 'not-the-password' },
    });
    expect(wrongPassword.status).toBe(400);
    const off = await server.request('POST', '/api/auth/second-factor/disable', {
      token: admin.token,
      body: { code: nextTotpCode(server, secret) },
    });
    expect(off.status).toBe(200);
    expect(
      await server.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.user.id)),
    ).toEqual([]);
    expect((await passwordStep(admin.email, admin.password)).body.token).toEqual(expect.any(String));

    await enableSecondFactor(server, admin.token);
    const byPassword = await server.request('POST', '/api/auth/second-factor/disable', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(byPassword.status).toBe(200);
    const disabled = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, 'auth.second-factor.disabled')));
    expect(disabled).toHaveLength(2);
  });
});
