import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ERROR_MESSAGES } from '@ovation/shared';
import { MESSAGE_CATALOGS } from '@ovation/shared/message-catalogs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawHttp } from '../test/raw-http';
import { startTestServer, type TestServer } from '../test/server';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head></head></html>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({ environment: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** A whole request written at once on a raw socket (fetch refuses to send most of these). */
function sendRaw(request: string) {
  return rawHttp(server.baseUrl, (socket) => void socket.write(request));
}

/** The answer is our envelope with this status and code, and names nothing of the framework. */
function expectEnvelope(answer: Pick<RawAnswer, 'status' | 'body' | 'raw'>, status: number, code: string) {
  expect(answer.status).toBe(status);
  expect(JSON.parse(answer.body)).toEqual({
    success: false,
    code,
    message: ERROR_MESSAGES[code as keyof typeof ERROR_MESSAGES],
  });
  expect(answer.raw).not.toMatch(/FST_|fastify|statusCode/i);
}

describe('every answer in the envelope', () => {
  it('answers an unknown API route and a missing upload with 404 ROUTE_NOT_FOUND', async () => {
    for (const url of [
      '/api/nothing-here',
      '/uploads/covers/missing.webp',
      '/uploads/.secret',
      '/assets/gone-9999.js',
    ]) {
      const answer = await sendRaw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectEnvelope(answer, 404, 'ROUTE_NOT_FOUND');
    }
    const post = await sendRaw(
      'POST /assets/app-1234.js HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(post, 404, 'ROUTE_NOT_FOUND');
  });

  it('answers what the file server refuses (a folder, a way out of it) with 403 FORBIDDEN', async () => {
    for (const url of ['/uploads/', '/uploads/../etc/passwd']) {
      const answer = await sendRaw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectEnvelope(answer, 403, 'FORBIDDEN');
    }
  });

  it('answers an address over 8 KiB with 414 URI_TOO_LONG', async () => {
    const answer = await sendRaw(
      `GET /api/songs?q=${'a'.repeat(9000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expectEnvelope(answer, 414, 'URI_TOO_LONG');
    // Longer than Node's whole header buffer: refused by the parser, still 414 in the envelope.
    const huge = await sendRaw(`GET /api/songs?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expectEnvelope(huge, 414, 'URI_TOO_LONG');
    expect(huge.closedAfterMs).toBeDefined();
  });

  it('answers headers over 16 KiB with 431 HEADERS_TOO_LARGE and closes the connection', async () => {
    const answer = await sendRaw(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE');
    expect(answer.closedAfterMs).toBeDefined();
    const cookies = await sendRaw(
      `GET / HTTP/1.1\r\nHost: localhost\r\n${Array.from({ length: 40 }, (_, n) => `Cookie: c${n}=${'x'.repeat(500)}`).join('\r\n')}\r\n\r\n`,
    );
    expectEnvelope(cookies, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a malformed percent-encoding with 400 MALFORMED_URL', async () => {
    for (const url of ['/api/songs/%E0%A4%A', '/api/songs/%zz', '/uploads/%E0%A4%A.webp']) {
      const answer = await sendRaw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectEnvelope(answer, 400, 'MALFORMED_URL');
    }
  });

  it('answers an over-long path parameter with 400 BAD_REQUEST', async () => {
    const answer = await sendRaw(
      `GET /api/songs/${'a'.repeat(150)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expectEnvelope(answer, 400, 'BAD_REQUEST');
  });

  it('answers what Node refuses on its own (a broken request line, no Host, an odd Expect) in the envelope', async () => {
    expectEnvelope(await sendRaw('NOT HTTP AT ALL\r\n\r\n'), 400, 'BAD_REQUEST');
    expectEnvelope(
      await sendRaw('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n'),
      400,
      'BAD_REQUEST',
    );
    const expectation = await sendRaw(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}',
    );
    expectEnvelope(expectation, 417, 'BAD_REQUEST');
  });

  it('answers the router’s refusals in the language of the request too', async () => {
    const answer = await sendRaw(
      'GET /api/songs/%zz HTTP/1.1\r\nHost: localhost\r\nAccept-Language: ar\r\nConnection: close\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      code: 'MALFORMED_URL',
      message: MESSAGE_CATALOGS.ar.errors.MALFORMED_URL,
    });
  });

  it('never serves the untranslated index.html file as it is on disk', async () => {
    const response = await server.request('GET', '/index.html', { headers: { 'accept-language': 'fr' } });
    expect(response.status).toBe(200);
    expect(response.body).toContain('<html lang="fr" dir="ltr" data-served-language="fr">');
  });
});
