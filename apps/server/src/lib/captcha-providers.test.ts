import type { AltchaChallenge } from '@ovation/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { type RecaptchaStandIn, solveAltcha, startRecaptchaStandIn } from '../test/captcha';
import {
  ALTCHA_ALGORITHM,
  ALTCHA_CHALLENGE_TTL_SECONDS,
  ALTCHA_COST,
  ALTCHA_MAX_COUNTER,
  ALTCHA_MIN_COUNTER,
  createAltchaChallenge,
  createAltchaVerifier,
} from './captcha-altcha';
import { createCaptchaVerifier } from './captcha-providers';
import { createRecaptchaVerifier } from './captcha-recaptcha';
import { createMemorySpentChallengeStore } from './captcha-replay';

const SECRET = 'captcha-test-secret-captcha-test-secret';
const IP = '203.0.113.7';

const base64 = (text: string) => Buffer.from(text).toString('base64');
const decodeToken = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
const encodeToken = (payload: unknown) => base64(JSON.stringify(payload));

function altchaVerifier() {
  return createAltchaVerifier(SECRET, createMemorySpentChallengeStore());
}

describe('ALTCHA', () => {
  let challenge: AltchaChallenge;
  let token: string;

  beforeAll(async () => {
    challenge = await createAltchaChallenge(SECRET);
    token = await solveAltcha(challenge);
  });

  it('issues signed, expiring challenges of the documented difficulty', async () => {
    const other = await createAltchaChallenge(SECRET);
    expect(challenge.parameters).toMatchObject({ algorithm: ALTCHA_ALGORITHM, cost: ALTCHA_COST });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const lifetime = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(ALTCHA_CHALLENGE_TTL_SECONDS - 5);
    expect(lifetime).toBeLessThanOrEqual(ALTCHA_CHALLENGE_TTL_SECONDS);
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
    expect(other.signature).not.toBe(challenge.signature);
  });

  it('hides the answer within the bounded counter range', () => {
    const { solution } = decodeToken(token);
    expect(solution.counter).toBeGreaterThanOrEqual(ALTCHA_MIN_COUNTER);
    expect(solution.counter).toBeLessThanOrEqual(ALTCHA_MAX_COUNTER);
  });

  it('accepts a solved challenge once, then refuses it as spent', async () => {
    const verifier = altchaVerifier();
    expect(verifier.provider).toBe('altcha');
    expect(verifier.siteKey).toBeNull();
    expect(await verifier.verify(token, IP)).toBe(true);
    expect(await verifier.verify(token, IP)).toBe(false);
  });

  it('treats a re-sent solution as spent however it is repackaged', async () => {
    // The derived key is the proof of work (checked against the signed key signature); the challenge
    // signature names the challenge, so a replay with another counter or extra fields is still spent.
    const verifier = altchaVerifier();
    const payload = decodeToken(token);
    expect(await verifier.verify(token, IP)).toBe(true);
    const repackaged = [
      { ...payload, solution: { ...payload.solution, counter: payload.solution.counter + 1 } },
      { ...payload, solution: { ...payload.solution, time: 1 }, extra: true },
    ];
    for (const variant of repackaged) expect(await verifier.verify(encodeToken(variant), IP)).toBe(false);
  });

  it('refuses a solution of a challenge signed with another secret', async () => {
    const verifier = createAltchaVerifier(
      'another-secret-another-secret-another',
      createMemorySpentChallengeStore(),
    );
    expect(await verifier.verify(token, IP)).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const elevenMinutesAgo = Date.now() - 11 * 60 * 1000;
    const expired = await createAltchaChallenge(SECRET, elevenMinutesAgo);
    expect(await altchaVerifier().verify(await solveAltcha(expired), IP)).toBe(false);
  });

  it('refuses tampered challenges and wrong solutions', async () => {
    const payload = decodeToken(token);
    const { parameters } = payload.challenge;
    const variants = [
      { ...payload, challenge: { ...payload.challenge, parameters: { ...parameters, cost: 1 } } },
      {
        ...payload,
        challenge: {
          ...payload.challenge,
          parameters: { ...parameters, expiresAt: parameters.expiresAt + 3600 },
        },
      },
      { ...payload, challenge: { ...payload.challenge, parameters: { ...parameters, keyPrefix: '00' } } },
      {
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...parameters, keySignature: undefined } },
      },
      { ...payload, challenge: { ...payload.challenge, signature: '0'.repeat(64) } },
      { ...payload, challenge: { parameters: payload.challenge.parameters } },
      { ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } },
      {
        ...payload,
        solution: { ...payload.solution, derivedKey: payload.solution.derivedKey.toUpperCase() },
      },
    ];
    const verifier = altchaVerifier();
    for (const variant of variants) {
      expect(await verifier.verify(encodeToken(variant), IP)).toBe(false);
    }
    // None of them spent the genuine solution.
    expect(await verifier.verify(token, IP)).toBe(true);
  });

  it('answers false, never throws, for garbage', async () => {
    const payload = decodeToken(token);
    const garbage: Array<string | undefined> = [
      undefined,
      '',
      'not base64 at all!',
      '%%%',
      base64('not json'),
      base64('null'),
      base64('42'),
      base64('[]'),
      base64('{}'),
      base64('{"challenge":null,"solution":null}'),
      // The widget's own `test` mode payload must never pass.
      base64(JSON.stringify({ challenge: null, solution: null, test: true })),
      encodeToken({ ...payload, solution: { counter: -1, derivedKey: payload.solution.derivedKey } }),
      encodeToken({ ...payload, solution: { counter: 1.5, derivedKey: payload.solution.derivedKey } }),
      encodeToken({ ...payload, solution: { counter: 2 ** 40, derivedKey: payload.solution.derivedKey } }),
      encodeToken({ ...payload, solution: { counter: payload.solution.counter, derivedKey: 'abc' } }),
      encodeToken({ ...payload, solution: { counter: payload.solution.counter, derivedKey: 'zz' } }),
      encodeToken({
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, nonce: 'abc' } },
      }),
      encodeToken({
        ...payload,
        challenge: {
          ...payload.challenge,
          parameters: { ...payload.challenge.parameters, algorithm: 'MD5' },
        },
      }),
      encodeToken({ __proto__: { polluted: true }, challenge: { constructor: { prototype: {} } } }),
      `${token}!`,
      token.slice(0, -8),
      'A'.repeat(100_000),
    ];
    const verifier = altchaVerifier();
    for (const candidate of garbage) {
      await expect(verifier.verify(candidate, IP)).resolves.toBe(false);
    }
  });
});

describe('spent-challenge memory', () => {
  it('remembers a challenge until its time is up, then forgets it', async () => {
    let now = 1_000_000;
    const store = createMemorySpentChallengeStore({ now: () => now });
    expect(await store.claim('a', 60)).toBe(true);
    expect(await store.claim('a', 60)).toBe(false);
    now += 59_000;
    expect(await store.claim('a', 60)).toBe(false);
    now += 2_000;
    expect(await store.claim('a', 60)).toBe(true);
  });

  it('stays bounded: expired entries go first, then the oldest', async () => {
    let now = 0;
    const store = createMemorySpentChallengeStore({ maxEntries: 3, now: () => now });
    await store.claim('short', 1);
    await store.claim('b', 600);
    await store.claim('c', 600);
    now = 5_000;
    // Full: 'short' has expired and makes room, so 'b' is still remembered.
    expect(await store.claim('d', 600)).toBe(true);
    expect(await store.claim('b', 600)).toBe(false);
    // Full of live entries: the oldest ('b') is dropped for 'e'.
    expect(await store.claim('e', 600)).toBe(true);
    expect(await store.claim('c', 600)).toBe(false);
    expect(await store.claim('d', 600)).toBe(false);
    expect(await store.claim('e', 600)).toBe(false);
  });
});

describe('reCAPTCHA', () => {
  let standIn: RecaptchaStandIn;
  beforeAll(async () => {
    standIn = await startRecaptchaStandIn(['good-token']);
  });
  afterAll(() => standIn.close());

  const verifier = (timeoutMs?: number) =>
    createRecaptchaVerifier({
      siteKey: 'site-key',
      secretKey: 'secret-key',
      verifyUrl: standIn.url,
      timeoutMs,
    });

  it('posts the secret, the token and the IP form-encoded, and passes on success: true', async () => {
    const recaptcha = verifier();
    expect(recaptcha).toMatchObject({ provider: 'recaptcha', siteKey: 'site-key' });
    expect(await recaptcha.verify('good-token', IP)).toBe(true);
    expect(standIn.calls.at(-1)).toEqual({
      secret: 'secret-key',
      response: 'good-token',
      remoteip: IP,
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('refuses on success: false, a broken verifier, a missing token and a timeout', async () => {
    const recaptcha = verifier(300);
    const calls = standIn.calls.length;
    expect(await recaptcha.verify(undefined, IP)).toBe(false);
    expect(await recaptcha.verify('', IP)).toBe(false);
    expect(standIn.calls.length).toBe(calls);
    expect(await recaptcha.verify('bad-token', IP)).toBe(false);
    expect(await recaptcha.verify('broken', IP)).toBe(false);
    const started = Date.now();
    expect(await recaptcha.verify('hang', IP)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses when the verifier cannot be reached', async () => {
    const unreachable = createRecaptchaVerifier({
      siteKey: 'site-key',
      secretKey: 'secret-key',
      verifyUrl: 'http://127.0.0.1:9/siteverify',
    });
    expect(await unreachable.verify('good-token', IP)).toBe(false);
  });
});

describe('provider choice', () => {
  it('is ALTCHA by default and reCAPTCHA when configured', () => {
    expect(createCaptchaVerifier(parseConfig({}), SECRET).provider).toBe('altcha');
    const config = parseConfig({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: 'secret-key',
    });
    expect(config.captcha.recaptcha.verifyUrl).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(createCaptchaVerifier(config, SECRET)).toMatchObject({
      provider: 'recaptcha',
      siteKey: 'site-key',
    });
  });

  it('refuses to start reCAPTCHA without its keys, naming them', () => {
    expect(() => parseConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(
      /RECAPTCHA_SITE_KEY[\s\S]*RECAPTCHA_SECRET_KEY/,
    );
    expect(() => parseConfig({ CAPTCHA_PROVIDER: 'hcaptcha' })).toThrow(/CAPTCHA_PROVIDER/);
  });
});
