import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords';
import { registration, setPlatformSettings, setUpAccountsServer } from '../../test/accounts';
import { createUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import type { SmtpSink } from '../../test/smtp-sink';

/**
 * No public accounts call tells who has an account. Each call is made for an unknown
 * address, an unverified account and a verified one, and the answers compared: same status, same keys.
 */
const accounts = setUpAccountsServer();
let server: TestServer;
let smtp: SmtpSink;
beforeAll(() => {
  ({ server, smtp } = accounts);
});

let counter = 0;
/** Three fresh addresses: none, an unverified account, a verified account. */
async function threeAddresses() {
  counter += 1;
  const unknown = `unknown${counter}@example.com`;
  const unverified = `unverified${counter}@example.com`;
  const verified = `verified${counter}@example.com`;
  const passwordHash = await hashPassword('secret123');
  await createUser(server.db, { email: unverified, emailVerified: false, passwordHash });
  await createUser(server.db, { email: verified, emailVerified: true, passwordHash });
  return { unknown, unverified, verified };
}

/** The status and the sorted body keys: what must not differ between addresses. */
function shape(response: { status: number; body: Record<string, unknown> }) {
  return { status: response.status, keys: Object.keys(response.body).sort(), code: response.body.code };
}

const post = (path: string, body: Record<string, unknown>) =>
  server.request('POST', `/api/${path}`, { body });

describe('no account enumeration', () => {
  it('POST /auth/register answers a taken address like a new one', async () => {
    const { unknown, unverified, verified } = await threeAddresses();
    const answers = await Promise.all(
      [unknown, unverified, verified].map((email) => post('auth/register', registration({ email }))),
    );
    for (const answer of answers) {
      expect(shape(answer)).toEqual(shape(answers[0]!));
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ requiresVerification: true, verificationSent: true });
      expect(Object.keys(answer.body.user).sort()).toEqual(Object.keys(answers[0]!.body.user).sort());
      expect(answer.body.message).toBe(answers[0]!.body.message);
    }
    // The owners hear of it; the new address got its code.
    await expect.poll(() => smtp.countTo(verified)).toBe(1);
    await expect.poll(() => smtp.countTo(unverified)).toBe(1);
    expect(smtp.messages.find((message) => message.to.includes(verified))!.subject).toBe(
      'Someone tried to register with your email',
    );
    await smtp.latestCode(unknown);
  });

  it('POST /auth/register with verification off: a taken address gets no session and its owner a mail', async () => {
    await setPlatformSettings(server.db, {
      securitySettings: { requireCaptcha: false, requireEmailVerification: false },
    });
    try {
      const { verified } = await threeAddresses();
      const taken = await post('auth/register', registration({ email: verified }));
      expect(taken.status).toBe(201);
      expect(taken.body.token).toBeUndefined();
      expect(taken.body).toMatchObject({ requiresVerification: false, verificationSent: false });
      await expect.poll(() => smtp.countTo(verified)).toBe(1);
    } finally {
      await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
    }
  });

  it('POST /auth/verify-email answers one way whatever the account state, and 429 at the 5th wrong code', async () => {
    const { unknown, unverified, verified } = await threeAddresses();
    const rounds = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      rounds.push(
        await Promise.all(
          [unknown, unverified, verified].map((email) => post('auth/verify-email', { email, otp: '000000' })),
        ),
      );
    }
    rounds.forEach((answers, index) => {
      for (const answer of answers) {
        expect(shape(answer)).toEqual(shape(answers[0]!));
        expect(answer.body.code).toBe(index < 4 ? 'INVALID_OTP' : 'OTP_TOO_MANY_ATTEMPTS');
      }
    });
  });

  it('POST /auth/resend-otp answers 200, then 429 within the minute, for every address', async () => {
    const { unknown, unverified, verified } = await threeAddresses();
    const addresses = [unknown, unverified, verified];
    const first = await Promise.all(addresses.map((email) => post('auth/resend-otp', { email })));
    const second = await Promise.all(addresses.map((email) => post('auth/send-verification', { email })));
    for (const answer of first) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(first[0]!.body);
    }
    for (const answer of second) {
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual(second[0]!.body);
      expect(answer.body.code).toBe('OTP_RESEND_TOO_SOON');
    }
    // Only the unverified account got a code.
    await smtp.latestCode(unverified);
    expect(smtp.countTo(unknown) + smtp.countTo(verified)).toBe(0);
  });

  it('POST /auth/forgot-password answers the same 200 for every address, throttled or not', async () => {
    const { unknown, unverified, verified } = await threeAddresses();
    const deactivated = `gone${counter}@example.com`;
    await createUser(server.db, { email: deactivated, isActive: false });
    const addresses = [unknown, unverified, verified, deactivated];
    const answers = [
      ...(await Promise.all(addresses.map((email) => post('auth/forgot-password', { email })))),
      // A second request within the minute is throttled: still the same answer.
      ...(await Promise.all(addresses.map((email) => post('auth/forgot-password', { email })))),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    await smtp.latestCode(verified);
    await smtp.latestCode(unverified);
    expect(smtp.countTo(verified)).toBe(1);
    expect(smtp.countTo(unknown) + smtp.countTo(deactivated)).toBe(0);
  });

  it('POST /auth/reset-password answers one way for a wrong code whatever the account state', async () => {
    const { unknown, unverified, verified } = await threeAddresses();
    await post('auth/forgot-password', { email: verified });
    await smtp.latestCode(verified);
    const rounds = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      rounds.push(
        await Promise.all(
          [unknown, unverified, verified].map((email) =>
            post('auth/reset-password', { email, code: '000000', password: 'brand-new-pass' }),
          ),
        ),
      );
    }
    rounds.forEach((answers, index) => {
      for (const answer of answers) {
        expect(shape(answer)).toEqual(shape(answers[0]!));
        expect(answer.body.code).toBe(index < 4 ? 'INVALID_RESET_CODE' : 'OTP_TOO_MANY_ATTEMPTS');
      }
    });
  });
});
