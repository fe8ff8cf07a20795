import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/health/live and /api/health/ready', () => {
  it('liveness answers with the version and commit, checking nothing else', async () => {
    const response = await server.request('GET', '/api/health/live');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      commit: expect.any(String),
      uptimeSeconds: expect.any(Number),
    });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('readiness checks the database (and Redis when configured), with the same version as liveness', async () => {
    const [ready, live] = await Promise.all([
      server.request('GET', '/api/health/ready'),
      server.request('GET', '/api/health/live'),
    ]);
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({
      status: 'ok',
      database: 'ok',
      redis: 'none',
      databaseKind: process.env.DATABASE_URL ? 'postgres' : 'embedded',
      version: live.body.data.version,
      commit: live.body.data.commit,
    });
  });
});

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data.status).toBe('ok');
    expect(response.body.data.database).toBe('ok');
    expect(response.body.data.databaseKind).toBe(process.env.DATABASE_URL ? 'postgres' : 'embedded');
  });

  it('answers with a request id and security headers', async () => {
    const response = await server.request('GET', '/api/health', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bad input', () => {
  it('answers unknown API routes with 404 in the envelope', async () => {
    const response = await server.request('GET', '/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, code: 'ROUTE_NOT_FOUND', message: 'Route not found' });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await server.request('POST', '/api/does-not-exist', {
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      code: 'INVALID_JSON',
      message: 'The request body is not valid JSON',
    });
  });

  it('refuses JSON text PostgreSQL cannot store (NUL, lone surrogates) with 400, before any handler', async () => {
    for (const name of ['Ama\\u0000ra', 'Ama\\ud800ra', 'Ama\\udc00ra']) {
      const response = await server.request('POST', '/api/auth/register', {
        rawBody: `{"name":"${name}","email":"x@example.com","password":"secret123"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        code: 'INVALID_CHARACTERS',
        message: 'The request contains characters that cannot be saved.',
      });
    }
    // A real emoji (a surrogate pair) is fine and reaches validation as usual.
    const emoji = await server.request('POST', '/api/auth/register', {
      rawBody: '{"name":"Ama \\ud83c\\udfb6"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(emoji.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers an oversized body with 413', async () => {
    const response = await server.request('POST', '/api/does-not-exist', {
      rawBody: JSON.stringify({ padding: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a schema violation with 400 naming the field', async () => {
    const response = await server.request('GET', '/api/songs?limit=500');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.errors[0].field).toBe('limit');
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const response = await server.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/songs', '/api/health']));
  });
});
