import { type AltchaChallenge, altchaChallengeSchema, DEFAULT_PLATFORM_SETTINGS } from '@ovation/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTCHA_ALGORITHM, ALTCHA_CHALLENGE_TTL_SECONDS } from '../../lib/captcha-altcha';
import { SPENT_CHALLENGE_KEY_PREFIX } from '../../lib/captcha-replay';
import { type RecaptchaStandIn, solveAltcha, startRecaptchaStandIn } from '../../test/captcha';
import { startTestServer, type TestServer } from '../../test/server';
import { savePlatformSettings } from '../settings/service';

let accountNumber = 0;
/** A valid sign-up; each call a new e-mail, so only the CAPTCHA decides the outcome. */
function registration(captchaToken?: string) {
  accountNumber += 1;
  return {
    name: 'Ada Obi',
    email: `ada${accountNumber}@example.com`,
    phoneNumber: '+2348031234567',
    country: 'Nigeria',
    state: 'Lagos',
    password: 'secret123',
    ...(captchaToken === undefined ? {} : { captchaToken }),
  };
}

async function fetchChallenge(server: TestServer): Promise<AltchaChallenge> {
  const response = await server.request('GET', '/api/captcha/challenge');
  expect(response.status).toBe(200);
  return response.body;
}

async function solvedToken(server: TestServer): Promise<string> {
  return solveAltcha(await fetchChallenge(server));
}

async function setRequireCaptcha(server: TestServer, requireCaptcha: boolean) {
  await savePlatformSettings(
    server.db,
    {
      ...DEFAULT_PLATFORM_SETTINGS,
      securitySettings: { ...DEFAULT_PLATFORM_SETTINGS.securitySettings, requireCaptcha },
    },
    null,
  );
}

describe('ALTCHA (the default provider)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('serves a fresh, signed, uncached challenge in the shape the widget reads', async () => {
    const response = await server.request('GET', '/api/captcha/challenge');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Bare (no envelope): the widget checks for parameters.{algorithm, nonce, salt, keyPrefix}.
    expect(altchaChallengeSchema.safeParse(response.body).success).toBe(true);
    expect(response.body.parameters.algorithm).toBe(ALTCHA_ALGORITHM);
    expect(response.body.parameters.expiresAt - Date.now() / 1000).toBeGreaterThan(
      ALTCHA_CHALLENGE_TTL_SECONDS - 30,
    );
    const again = await fetchChallenge(server);
    expect(again.signature).not.toBe(response.body.signature);
  });

  it('announces ALTCHA in the public settings', async () => {
    const { body } = await server.request('GET', '/api/public/public-settings');
    expect(body.data.securitySettings).toMatchObject({
      requireCaptcha: true,
      captchaProvider: 'altcha',
      recaptchaSiteKey: null,
    });
  });

  it('registers with a solved challenge, and refuses the same solution a second time', async () => {
    const token = await solvedToken(server);
    const first = await server.request('POST', '/api/auth/register', { body: registration(token) });
    expect(first.status).toBe(201);
    expect(first.body.success).toBe(true);

    const replay = await server.request('POST', '/api/auth/register', { body: registration(token) });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ success: false, code: 'CAPTCHA_FAILED' });
  });

  it('lets exactly one of two simultaneous uses of a solution through', async () => {
    const token = await solvedToken(server);
    const answers = await Promise.all([
      server.request('POST', '/api/auth/register', { body: registration(token) }),
      server.request('POST', '/api/auth/register', { body: registration(token) }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
  });

  it('asks for the CAPTCHA when the token is missing', async () => {
    const response = await server.request('POST', '/api/auth/register', { body: registration() });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'CAPTCHA_REQUIRED' });
  });

  it('refuses tampered and garbage tokens without a server error', async () => {
    const token = await solvedToken(server);
    const payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    payload.challenge.parameters.cost = 1;
    const tampered = Buffer.from(JSON.stringify(payload)).toString('base64');
    for (const bad of [tampered, 'garbage', Buffer.from('{"challenge":null}').toString('base64'), '====']) {
      const response = await server.request('POST', '/api/auth/register', { body: registration(bad) });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 'CAPTCHA_FAILED' });
    }
    // The tampering did not spend the genuine solution.
    const genuine = await server.request('POST', '/api/auth/register', { body: registration(token) });
    expect(genuine.status).toBe(201);
  });

  it('needs no token when the platform setting is off', async () => {
    await setRequireCaptcha(server, false);
    try {
      const response = await server.request('POST', '/api/auth/register', { body: registration() });
      expect(response.status).toBe(201);
    } finally {
      await setRequireCaptcha(server, true);
    }
  });
});

describe('reCAPTCHA (CAPTCHA_PROVIDER=recaptcha)', () => {
  let standIn: RecaptchaStandIn;
  let server: TestServer;
  beforeAll(async () => {
    standIn = await startRecaptchaStandIn(['token-google-accepts']);
    server = await startTestServer({
      environment: {
        CAPTCHA_PROVIDER: 'recaptcha',
        RECAPTCHA_SITE_KEY: 'test-site-key',
        RECAPTCHA_SECRET_KEY: 'test-secret-key',
        RECAPTCHA_VERIFY_URL: standIn.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('announces reCAPTCHA and its site key in the public settings', async () => {
    const { body } = await server.request('GET', '/api/public/public-settings');
    expect(body.data.securitySettings).toMatchObject({
      captchaProvider: 'recaptcha',
      recaptchaSiteKey: 'test-site-key',
    });
  });

  it('has no ALTCHA challenge to give', async () => {
    const response = await server.request('GET', '/api/captcha/challenge');
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toMatchObject({ success: false, code: 'ROUTE_NOT_FOUND' });
  });

  it('registers when Google says success: true, with the secret, token and client IP sent', async () => {
    const response = await server.request('POST', '/api/auth/register', {
      body: registration('token-google-accepts'),
    });
    expect(response.status).toBe(201);
    expect(standIn.calls.at(-1)).toEqual({
      secret: 'test-secret-key',
      response: 'token-google-accepts',
      remoteip: '127.0.0.1',
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('refuses when Google says success: false, and asks for a token when there is none', async () => {
    const refused = await server.request('POST', '/api/auth/register', {
      body: registration('token-google-refuses'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'CAPTCHA_FAILED' });

    const missing = await server.request('POST', '/api/auth/register', { body: registration() });
    expect(missing.body).toMatchObject({ success: false, code: 'CAPTCHA_REQUIRED' });
  });
});

describe.skipIf(!process.env.REDIS_URL)('ALTCHA across instances sharing Redis', () => {
  let redis: Redis;
  let first: TestServer;
  let second: TestServer;
  const spentKeys: string[] = [];

  /** Solves a challenge of `server` and notes the Redis key its use will leave behind, for clean-up. */
  async function solvedTrackedToken(server: TestServer) {
    const challenge = await fetchChallenge(server);
    spentKeys.push(`${SPENT_CHALLENGE_KEY_PREFIX}${challenge.signature}`);
    return { token: await solveAltcha(challenge), key: spentKeys.at(-1)! };
  }

  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 2 });
    // Two instances with the same server secret (as behind one load balancer), each its own memory.
    first = await startTestServer({ redis });
    second = await startTestServer({ redis });
  });
  afterAll(async () => {
    if (spentKeys.length > 0) await redis.del(...spentKeys);
    await first?.close();
    await second?.close();
    await redis?.quit();
  });

  it('refuses on one instance a solution another instance accepted', async () => {
    const { token, key } = await solvedTrackedToken(first);
    expect((await first.request('POST', '/api/auth/register', { body: registration(token) })).status).toBe(
      201,
    );

    const replay = await second.request('POST', '/api/auth/register', { body: registration(token) });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ success: false, code: 'CAPTCHA_FAILED' });

    // Remembered in Redis for the rest of the challenge's life (plus the clock-drift minute), no longer.
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(ALTCHA_CHALLENGE_TTL_SECONDS - 30);
    expect(ttl).toBeLessThanOrEqual(ALTCHA_CHALLENGE_TTL_SECONDS + 60);
  });

  it("accepts on one instance a fresh solution of the other's challenge", async () => {
    const { token } = await solvedTrackedToken(first);
    expect((await second.request('POST', '/api/auth/register', { body: registration(token) })).status).toBe(
      201,
    );
  });
});
