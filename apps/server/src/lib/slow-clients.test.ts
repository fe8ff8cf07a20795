import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawAnswer, rawHttp, trickle } from '../test/raw-http';
import { startTestServer, type TestServer } from '../test/server';

/**
 * The production limits scaled down about 25 times (README "Slow clients and timeouts"), so a trickle is
 * caught in well under a second: the same rules, a fast test.
 */
const HEADERS_TIMEOUT_MS = 400;
const GRACE_MS = 400;
const KEEP_ALIVE_MS = 300;
/** Node and the body check look at their deadlines on a timer: allow it a beat, and the machine a beat. */
const SLACK_MS = 900;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    environment: {
      HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      REQUEST_TIMEOUT_MS: '5000',
      BODY_MIN_RATE: '1024',
      BODY_MIN_RATE_GRACE_MS: String(GRACE_MS),
      KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_MS),
      IDLE_TIMEOUT_MS: '5000',
    },
  });
});
afterAll(() => server.close());

function expectTimedOut(answer: RawAnswer, limitMs: number) {
  expect(answer.closedAfterMs, 'the server closed the connection').toBeDefined();
  expect(answer.closedAfterMs!).toBeLessThan(limitMs + SLACK_MS);
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'REQUEST_TIMEOUT' });
  expect(answer.raw).not.toContain('FST_');
}

const LOGIN_HEADERS = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients cannot hold a connection', () => {
  it('closes a connection whose headers trickle in, at the header deadline', async () => {
    const answer = await rawHttp(server.baseUrl, async (socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
      await trickle(socket, `X-Slow: ${'a'.repeat(200)}\r\n\r\n`, 50);
    });
    expectTimedOut(answer, HEADERS_TIMEOUT_MS);
  });

  it('closes a request whose body trickles in a byte at a time, once its grace has passed', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(400) });
    const answer = await rawHttp(server.baseUrl, async (socket) => {
      socket.write(LOGIN_HEADERS(body.length));
      await trickle(socket, body, 50);
    });
    expectTimedOut(answer, GRACE_MS);
  });

  it('closes a request whose body never comes', async () => {
    const answer = await rawHttp(server.baseUrl, (socket) => void socket.write(LOGIN_HEADERS(100)));
    expectTimedOut(answer, GRACE_MS);
  });

  it('lets a body that arrives slowly but steadily (10 KB/s, well over the floor) through', async () => {
    const body = JSON.stringify({
      email: 'steady@example.com',
      password: 'password123',
      padding: 'p'.repeat(12_000),
    });
    const answer = await rawHttp(server.baseUrl, async (socket) => {
      socket.write(LOGIN_HEADERS(body.length));
      await trickle(socket, body, 100, 1000);
    });
    expect(answer.status).not.toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const answer = await rawHttp(server.baseUrl, (socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    });
    expect(answer.status).toBe(200);
    expect(answer.closedAfterMs).toBeDefined();
    // Node keeps the socket one second past the timeout it advertises, so a client reusing it at the last
    // moment does not race the close.
    expect(answer.closedAfterMs!).toBeLessThan(KEEP_ALIVE_MS + 1000 + SLACK_MS);
  });
});
