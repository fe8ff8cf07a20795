import { DEFAULT_PLATFORM_SETTINGS, type PlatformSettings } from '@ovation/shared';
import { afterAll, beforeAll } from 'vitest';
import { savePlatformSettings } from '../features/settings/service';
import type { Database } from '../lib/db';
import { hashPassword } from '../lib/passwords';
import { createUser } from './factories';
import { startTestServer, type TestServer } from './server';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

/** A valid registration body; override what the test is about. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phoneNumber: '+234 803 123 4567',
    country: 'Nigeria',
    state: 'Lagos',
    password: 'secret123',
    role: 'fan',
    ...overrides,
  };
}

/** Changes some platform settings, keeping the defaults for the rest. */
export async function setPlatformSettings(
  db: Database,
  change: { [K in keyof PlatformSettings]?: Partial<PlatformSettings[K]> },
) {
  const next = structuredClone(DEFAULT_PLATFORM_SETTINGS);
  for (const [section, values] of Object.entries(change))
    Object.assign(next[section as keyof PlatformSettings], values);
  await savePlatformSettings(db, next, null);
}

let counter = 0;

/** A verified account with a password, signed in: answers its token. */
export async function signIn(server: TestServer, role: 'fan' | 'artist' | 'admin' = 'fan') {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@example.com`;
  const password = 'password123';
  const user = await createUser(server.db, { role, email, passwordHash: await hashPassword(password) });
  const response = await server.request('POST', '/api/auth/login', { body: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  return { token: response.body.token as string, user, email, password };
}

/**
 * A test server whose mail goes to a real SMTP sink, with the CAPTCHA off (its own tests cover it):
 * what every accounts test file starts from. Registers its own beforeAll/afterAll.
 */
export function setUpAccountsServer() {
  const handles = {} as { server: TestServer; smtp: SmtpSink };
  beforeAll(async () => {
    handles.smtp = await startSmtpSink();
    handles.server = await startTestServer({ environment: { SMTP_URL: handles.smtp.url } });
    await setPlatformSettings(handles.server.db, { securitySettings: { requireCaptcha: false } });
  });
  afterAll(async () => {
    await handles.server.close();
    await handles.smtp.close();
  });
  return handles;
}
