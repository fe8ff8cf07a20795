import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { saveVotingWindow } from './repository';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/voting-settings/status', () => {
  it('is closed with the disabled reason when no window is set', async () => {
    const response = await server.request('GET', '/api/voting-settings/status');
    expect(response.body.data).toMatchObject({
      isAllowed: false,
      reasonCode: 'disabled',
      reason: 'Voting is disabled by administrator',
    });
  });

  it("carries the server's clock and is never cached, so devices can set their clocks by it", async () => {
    const response = await server.request('GET', '/api/voting-settings/status');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.data.serverTime).toBe(server.clock.now().toISOString());
  });

  it('follows the window: not started, active, ended', async () => {
    const start = new Date('2026-01-10T00:00:00Z');
    await saveVotingWindow(server.db, {
      isEnabled: true,
      startDate: start,
      endDate: new Date(start.getTime() + DAY),
    });

    server.clock.set(new Date(start.getTime() - 1000));
    let response = await server.request('GET', '/api/voting-settings/status');
    expect(response.body.data).toMatchObject({
      isAllowed: false,
      reasonCode: 'notStarted',
      reason: 'Voting has not started yet',
    });

    server.clock.set(new Date(start.getTime() + 1000));
    response = await server.request('GET', '/api/voting-settings/status');
    expect(response.body.data).toMatchObject({
      isAllowed: true,
      reasonCode: 'active',
      reason: 'Voting is active',
    });
    expect(response.body.data.period.startDate).toBe(start.toISOString());

    server.clock.set(new Date(start.getTime() + 2 * DAY));
    response = await server.request('GET', '/api/voting-settings/status');
    expect(response.body.data).toMatchObject({
      isAllowed: false,
      reasonCode: 'ended',
      reason: 'Voting period has ended',
    });
  });

  it('says disabled before anything the dates say: a switched-off vote never reads as "not started"', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const window = { isEnabled: false, startDate: start, endDate: new Date(start.getTime() + DAY) };
    await saveVotingWindow(server.db, window);
    // Before the start, inside the window and after the end: always the admin's switch.
    for (const at of [start.getTime() - 10 * DAY, start.getTime() + 1000, start.getTime() + 2 * DAY]) {
      server.clock.set(new Date(at));
      const response = await server.request('GET', '/api/voting-settings/status');
      expect(response.body.data).toMatchObject({
        isAllowed: false,
        reasonCode: 'disabled',
        reason: 'Voting is disabled by administrator',
        period: { startDate: start.toISOString(), endDate: window.endDate.toISOString() },
      });
    }
  });
});
