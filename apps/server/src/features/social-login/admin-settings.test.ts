import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/server';
import { signedInUser } from './testing/fixtures';

const ENV_CLIENT_ID = '123456789-envclientid.apps.googleusercontent.com';
const CUSTOM_SECRET = 'custom-google-secret-never-shown';

let server: TestServer;
let adminToken: string;
let fanToken: string;

beforeAll(async () => {
  server = await startTestServer({
    environment: { GOOGLE_CLIENT_ID: ENV_CLIENT_ID, GOOGLE_CLIENT_SECRET: 'env-google-secret' },
  });
  adminToken = (await signedInUser(server, 'admin')).token;
  fanToken = (await signedInUser(server, 'fan')).token;
});

afterAll(async () => {
  await server?.close();
});

const path = '/api/admin/social-login-settings';

describe('admin social login settings', () => {
  it('is for admins only: 401 without a session, 403 for other roles', async () => {
    expect((await server.request('GET', path)).status).toBe(401);
    expect((await server.request('PUT', path, { body: { google: { enabled: false } } })).status).toBe(401);
    const artistToken = (await signedInUser(server, 'artist')).token;
    for (const token of [fanToken, artistToken]) {
      const read = await server.request('GET', path, { token });
      expect(read.status).toBe(403);
      expect(read.body).toMatchObject({ success: false, code: 'ADMIN_ONLY' });
      expect((await server.request('PUT', path, { token, body: { nonsense: 1 } })).status).toBe(403);
    }
  });

  it('shows the defaults: a provider is on when the environment configures it, its id masked', async () => {
    const response = await server.request('GET', path, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      google: {
        enabled: true,
        useEnvCredentials: true,
        hasCredentials: true,
        hasEnvCredentials: true,
        customClientId: '',
        customClientSecret: '',
        hasCustomClientSecret: false,
        clientId: '****.com',
      },
      facebook: {
        enabled: false,
        useEnvCredentials: true,
        hasCredentials: false,
        hasEnvCredentials: false,
        customAppId: '',
        customAppSecret: '',
        hasCustomAppSecret: false,
        appId: '',
      },
    });
    expect(JSON.stringify(response.body)).not.toContain('env-google-secret');
  });

  it('stores custom credentials with the secret encrypted, and never sends the secret back', async () => {
    const response = await server.request('PUT', path, {
      token: adminToken,
      body: {
        google: {
          enabled: true,
          useEnvCredentials: false,
          customClientId: 'custom-client-id',
          customClientSecret: CUSTOM_SECRET,
        },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Social login settings updated successfully',
    });
    expect(response.body.data.google).toMatchObject({
      enabled: true,
      useEnvCredentials: false,
      customClientId: 'custom-client-id',
      customClientSecret: '',
      hasCustomClientSecret: true,
      hasCredentials: true,
      clientId: '****.com',
    });
    expect(JSON.stringify(response.body)).not.toContain(CUSTOM_SECRET);
    expect(JSON.stringify((await server.request('GET', path, { token: adminToken })).body)).not.toContain(
      CUSTOM_SECRET,
    );

    const [row] = await server.db.select().from(settings).where(eq(settings.key, 'social-login'));
    const raw = JSON.stringify(row!.value);
    expect(raw).not.toContain(CUSTOM_SECRET);
    expect(raw).toMatch(/"customSecretEncrypted":"v1\.[\w-]+\.[\w-]+\.[\w-]+"/);

    const publicSettings = await server.request('GET', '/api/auth/social-login-settings');
    expect(publicSettings.body.data).toEqual({ google: { enabled: true }, facebook: { enabled: false } });
  });

  it('refuses a custom id saved without a secret (typed or stored) with 400 and a field error, storing nothing', async () => {
    // No custom pair stored for either provider to start with.
    const cleared = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { customClientId: '' }, facebook: { customAppId: '' } },
    });
    expect(cleared.status).toBe(200);
    const before = await server.request('GET', path, { token: adminToken });
    const entriesBefore = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.social.changed'));
    const refusals = [];
    for (const body of [
      {
        google: {
          enabled: true,
          useEnvCredentials: false,
          customClientId: 'new-google-id',
          customClientSecret: '',
        },
      },
      { facebook: { enabled: true, useEnvCredentials: false, customAppId: 'fb-app-only' } },
    ]) {
      const response = await server.request('PUT', path, { token: adminToken, body });
      refusals.push([response.status, response.body.code, response.body.message, response.body.errors]);
    }
    const refusal = (field: string) => [
      400,
      'SOCIAL_SECRET_REQUIRED',
      'Enter the secret that goes with this ID',
      [{ field, key: 'validation.socialSecretRequired', message: 'Enter the secret that goes with this ID' }],
    ];
    expect(refusals).toEqual([refusal('google.customClientSecret'), refusal('facebook.customAppSecret')]);
    expect((await server.request('GET', path, { token: adminToken })).body).toEqual(before.body);
    expect(
      await server.db.select().from(auditLog).where(eq(auditLog.action, 'settings.social.changed')),
    ).toHaveLength(entriesBefore.length);

    // With a secret already stored, a new id alone is a complete pair.
    const paired = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { customClientId: 'paired-id', customClientSecret: CUSTOM_SECRET } },
    });
    expect(paired.status).toBe(200);
    const kept = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { customClientId: 'custom-client-id' } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.google).toMatchObject({ hasCustomClientSecret: true, hasCredentials: true });
  });

  it('keeps the stored secret when a save leaves it empty, and drops it with the custom id', async () => {
    const keep = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { enabled: false, customClientId: 'custom-client-id-2', customClientSecret: '' } },
    });
    expect(keep.body.data.google).toMatchObject({
      enabled: false,
      customClientId: 'custom-client-id-2',
      hasCustomClientSecret: true,
      hasCredentials: true,
    });
    expect((await server.request('GET', '/api/auth/social-login-settings')).body.data.google.enabled).toBe(
      false,
    );

    const clear = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { enabled: true, customClientId: '' } },
    });
    expect(clear.body.data.google).toMatchObject({
      customClientId: '',
      hasCustomClientSecret: false,
      hasCredentials: false,
    });

    const backToEnvironment = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { useEnvCredentials: true } },
    });
    expect(backToEnvironment.body.data.google).toMatchObject({ enabled: true, hasCredentials: true });
  });

  it('validates the body and records each change in the audit log without secrets', async () => {
    const invalid = await server.request('PUT', path, {
      token: adminToken,
      body: { google: { enabled: 'yes' } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.success).toBe(false);

    const entries = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.social.changed'))
      .orderBy(auditLog.id);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    expect(entries[0]!.details).toMatchObject({
      google: { enabled: true, useEnvCredentials: false, secretChanged: true },
    });
    expect(JSON.stringify(entries)).not.toContain(CUSTOM_SECRET);
  });
});
