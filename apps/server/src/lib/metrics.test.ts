import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlatformSettings, signIn } from '../test/accounts';
import { createCategory, createSong, openVoting } from '../test/factories';
import { startTestServer, type TestServer } from '../test/server';

const TOKEN = 'metrics-token-for-the-crew-0123456789';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ environment: { METRICS_TOKEN: TOKEN } });
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await openVoting(server.db);
});
afterAll(() => server.close());

async function scrape() {
  const response = await server.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.body as string;
}

/** The value of one series in Prometheus text (0 when absent). */
function seriesValue(text: string, series: string) {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics on the public port', () => {
  it('answers only the bearer of METRICS_TOKEN: 401 without it or with another, never cacheable', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong-token-wrong-token-wrong' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const refused = await server.request('GET', '/metrics', { headers });
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    }
    const allowed = await server.request('GET', '/metrics', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(allowed.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(allowed.headers.get('cache-control')).toBe('private, no-store');
  });

  it('counts votes accepted and refused by their code, and the batches that cast them', async () => {
    const before = await scrape();
    const fan = await signIn(server, 'fan');
    const category = await createCategory(server.db);
    const song = await createSong(server.db, { categoryId: category.id });
    const accepted = await server.request('POST', '/api/votes', {
      token: fan.token,
      body: { songId: song.id },
    });
    expect(accepted.status).toBe(201);
    const refused = await server.request('POST', '/api/votes', {
      token: fan.token,
      body: { songId: song.id },
    });
    expect(refused.status).toBe(409);
    const after = await scrape();
    const accepts = 'ovation_votes_total{outcome="accepted",reason=""}';
    const refusals = `ovation_votes_total{outcome="refused",reason="${refused.body.code}"}`;
    expect(seriesValue(after, accepts) - seriesValue(before, accepts)).toBe(1);
    expect(seriesValue(after, refusals) - seriesValue(before, refusals)).toBe(1);
    const batches = 'ovation_vote_batch_commit_seconds_count{outcome="committed"}';
    expect(seriesValue(after, batches) - seriesValue(before, batches)).toBe(2);
    expect(
      seriesValue(after, 'ovation_vote_batch_size_count') -
        seriesValue(before, 'ovation_vote_batch_size_count'),
    ).toBe(2);
    expect(after).toMatch(
      /^ovation_http_request_duration_seconds_count\{method="POST",route="\/api\/votes",status_code="201"\} \d+$/m,
    );
  });

  it('labels requests by route pattern, never by the address (one series per route, not per song)', async () => {
    const category = await createCategory(server.db);
    const songs = await Promise.all([1, 2, 3].map(() => createSong(server.db, { categoryId: category.id })));
    for (const song of songs) expect((await server.request('GET', `/api/songs/${song.id}`)).status).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/route="\/api\/songs\/:id",status_code="200"/);
    for (const song of songs) expect(text).not.toContain(song.id);
  });
});
