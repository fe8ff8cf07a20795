import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@ovation/shared';
import { MESSAGE_CATALOGS } from '@ovation/shared/message-catalogs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signIn } from '../test/accounts';
import { createUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';
import { hashPassword } from './passwords';
import { translate } from './translate';

type Language = keyof typeof MESSAGE_CATALOGS;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A signed-in fan whose profile saved `language` (their messages come in it, whatever the browser asks). */
const fans = new Map<Language, string>();
async function fanSpeaking(language: Language) {
  let token = fans.get(language);
  if (!token) {
    const { user, password } = await signIn(server, 'fan');
    await server.db.update(users).set({ language }).where(eq(users.id, user.id));
    token = (await server.request('POST', '/api/auth/login', { body: { email: user.email, password } })).body
      .token as string;
    fans.set(language, token!);
  }
  return token!;
}

const errorText = (language: Language, code: string) =>
  (MESSAGE_CATALOGS[language].errors as Record<string, string>)[code]!;
const validationText = (language: Language, key: string) =>
  (MESSAGE_CATALOGS[language].validation as Record<string, string>)[key]!;

/** Every failure the table below provokes, with the code it must keep in every language. */
const FAILURES: {
  name: string;
  status: number;
  code: string;
  send: (headers: Record<string, string>, language: Language) => ReturnType<TestServer['request']>;
}[] = [
  {
    name: 'a song that does not exist (404)',
    status: 404,
    code: 'SONG_NOT_FOUND',
    send: (headers) => server.request('GET', `/api/songs/${randomUUID()}`, { headers }),
  },
  {
    name: 'an unknown API route (404)',
    status: 404,
    code: 'ROUTE_NOT_FOUND',
    send: (headers) => server.request('GET', '/api/nothing-here', { headers }),
  },
  {
    name: 'a guest on a signed-in route (401)',
    status: 401,
    code: 'UNAUTHORIZED',
    send: (headers) => server.request('GET', '/api/auth/me', { headers }),
  },
  {
    name: 'a fan on an admin route (403)',
    status: 403,
    code: 'ADMIN_ONLY',
    send: async (headers, language) =>
      server.request('GET', '/api/admin/users', { headers, token: await fanSpeaking(language) }),
  },
  {
    name: 'a body that is not JSON (400)',
    status: 400,
    code: 'INVALID_JSON',
    send: (headers) =>
      server.request('POST', '/api/auth/login', {
        rawBody: '{"email": ',
        headers: { ...headers, 'content-type': 'application/json' },
      }),
  },
];

describe('API error messages in the language of the request', () => {
  for (const failure of FAILURES) {
    it(`answers ${failure.name} in French and Arabic with the same code`, async () => {
      for (const language of ['fr', 'ar', 'en'] as const) {
        const response = await failure.send({ 'accept-language': language }, language);
        expect(response.status).toBe(failure.status);
        expect(response.body).toMatchObject({ success: false, code: failure.code });
        expect(response.body.message).toBe(errorText(language, failure.code));
        expect(response.headers.get('content-language')).toBe(language);
      }
      expect(errorText('fr', failure.code)).not.toBe(
        ERROR_MESSAGES[failure.code as keyof typeof ERROR_MESSAGES],
      );
    });
  }

  it('translates a registration refused by validation, field by field, keeping the keys', async () => {
    for (const language of ['fr', 'ar'] as const) {
      const response = await server.request('POST', '/api/auth/register', {
        body: { name: 'A', email: 'not-an-email', password: '1' },
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      const byField = Object.fromEntries(
        response.body.errors.map((error: { field: string; key: string; message: string }) => [
          error.field,
          error,
        ]),
      );
      expect(byField.email.key).toBe('validation.emailInvalid');
      expect(byField.email.message).toBe(validationText(language, 'emailInvalid'));
      expect(byField.name.message).toBe(validationText(language, 'nameTooShort'));
      expect(response.body.message).toBe(response.body.errors[0].message);
    }
  });

  it("gives zod's own checks a key and parameters: an id that is not a UUID", async () => {
    for (const language of ['fr', 'ar'] as const) {
      const response = await server.request('GET', '/api/songs/not-a-uuid', {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.errors[0]).toMatchObject({ field: 'id', key: 'validation.idInvalid' });
      expect(response.body.message).toBe(validationText(language, 'idInvalid'));
      expect(JSON.stringify(response.body)).not.toContain('Invalid UUID');
    }
  });

  it("gives zod's own checks a key and parameters: a number over its maximum", async () => {
    for (const language of ['fr', 'ar', 'en'] as const) {
      const response = await server.request('GET', '/api/songs?limit=500', {
        headers: { 'accept-language': language },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        field: 'limit',
        key: 'validation.numberAtMost',
        params: { maximum: '50' },
      });
      expect(response.body.message).toBe(
        validationText(language, 'numberAtMost').replace('{{maximum}}', '50'),
      );
      expect(JSON.stringify(response.body)).not.toContain('Too big');
    }
  });

  it('answers the rate limit (429) in the language asked for', async () => {
    const email = `locked-${Date.now()}@example.com`;
    await createUser(server.db, { email, passwordHash: await hashPassword('password123') });
    let response: Awaited<ReturnType<TestServer['request']>> | undefined;
    for (let attempt = 0; attempt < 12 && response?.status !== 429; attempt++) {
      response = await server.request('POST', '/api/auth/login', {
        body: { email, password: 'wrong-password' },
        headers: { 'accept-language': 'ar' },
      });
    }
    expect(response?.status).toBe(429);
    expect(response?.body.message).toBe(errorText('ar', response?.body.code));
    const french = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'wrong-password' },
      headers: { 'accept-language': 'fr' },
    });
    expect(french.status).toBe(429);
    expect(french.body).toMatchObject({
      code: response?.body.code,
      message: errorText('fr', response?.body.code),
    });
  });

  it("answers a signed-in user in their saved language, whatever the browser's Accept-Language", async () => {
    const email = `amani-${Date.now()}@example.com`;
    await createUser(server.db, { email, language: 'sw', passwordHash: await hashPassword('password123') });
    const login = await server.request('POST', '/api/auth/login', {
      body: { email, password: 'password123' },
    });
    const token = login.body.token as string;
    const headers = { 'accept-language': 'fr' };

    const notFound = await server.request('GET', `/api/songs/${randomUUID()}`, { headers, token });
    expect(notFound.body).toMatchObject({
      code: 'SONG_NOT_FOUND',
      message: errorText('sw', 'SONG_NOT_FOUND'),
    });
    const forbidden = await server.request('GET', '/api/admin/users', { headers, token });
    expect(forbidden.body.message).toBe(errorText('sw', 'ADMIN_ONLY'));

    // A new language saved in the profile applies from the next request.
    const profile = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: 'Amani Juma', language: 'pt' },
    });
    expect(profile.status).toBe(200);
    // The answer to the change itself already speaks the language just chosen.
    expect(profile.body.message).toBe(translate('pt', 'success.profileUpdated'));
    const after = await server.request('GET', `/api/songs/${randomUUID()}`, { headers, token });
    expect(after.body.message).toBe(errorText('pt', 'SONG_NOT_FOUND'));
  });

  it('prefers the language cookie to Accept-Language for a guest, and answers English for a language we lack', async () => {
    const cookie = await server.request('GET', '/api/auth/me', {
      headers: { cookie: 'theme=dark; ovation-lang=ar', 'accept-language': 'fr' },
    });
    expect(cookie.body.message).toBe(errorText('ar', 'UNAUTHORIZED'));
    const unknown = await server.request('GET', '/api/auth/me', {
      headers: { 'accept-language': 'de-DE, ja;q=0.5' },
    });
    expect(unknown.body.message).toBe(ERROR_MESSAGES.UNAUTHORIZED);
  });
});
