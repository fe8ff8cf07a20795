import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { finishedDownloadAudit } from '../../test/downloads';
import { createCategory, createSong, setPlatformTimezone } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { plantVotes } from '../../test/vote-reviews';

type Account = Awaited<ReturnType<typeof signIn>>;

let server: TestServer;
let author: Account;
let checker: Account;

beforeAll(async () => {
  server = await startTestServer();
  author = await signIn(server, 'admin');
  checker = await signIn(server, 'admin');
});
afterAll(() => server.close());

const act = (by: Account, url: string, body: unknown) =>
  server.request('POST', `/api/admin/integrity${url}`, { token: by.token, body });

/** The report as raw bytes, its text, and its CSV rows (no quoted line breaks in this data). */
async function download(token = author.token) {
  const response = await fetch(`${server.baseUrl}/api/admin/integrity/report`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString('utf8');
  return {
    response,
    bytes,
    text,
    lines: text
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter(Boolean),
  };
}

describe('GET /api/admin/integrity/report', () => {
  it('sums up each category and the whole vote: valid, quarantined and invalid votes, reasons, who decided', async () => {
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    // 23:30 UTC is already the next day in Lagos (UTC+1): the file is dated on the platform's clock.
    server.clock.set(new Date('2025-11-20T23:30:00Z'));
    const afro = await createCategory(server.db, { name: 'Best Afrobeats Song', sortOrder: 1 });
    const gospel = await createCategory(server.db, { name: '=Best Gospel Song', sortOrder: 2 });
    const empty = await createCategory(server.db, { name: 'Best Highlife Song', sortOrder: 3 });
    const essence = await createSong(server.db, { categoryId: afro.id, title: 'Essence' });
    const hymn = await createSong(server.db, { categoryId: gospel.id, title: 'Hymn' });
    const afroVotes = await plantVotes(server, essence, 10, '41.203.77.0/24');
    const gospelVotes = await plantVotes(server, hymn, 6, '102.89.1.0/24');

    const farm = await act(author, '/quarantine', { reason: 'Account farm', voteIds: afroVotes.slice(0, 4) });
    const confirmed = await act(checker, `/reviews/${farm.body.data.review.id}/invalidate`, {});
    expect(confirmed.status).toBe(200);
    const pending = await act(author, '/quarantine', {
      reason: 'Choir, probably fine',
      voteIds: gospelVotes.slice(0, 2),
    });
    expect(pending.status).toBe(201);
    const restored = await act(author, '/quarantine', {
      reason: 'False alarm',
      voteIds: afroVotes.slice(4, 5),
    });
    expect((await act(author, `/reviews/${restored.body.data.review.id}/restore`, {})).status).toBe(200);

    const { response, bytes, text, lines } = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain(
      'filename="integrity-report-2025-11-21.csv"',
    );
    expect(text.startsWith('\ufeff')).toBe(true);
    expect(lines).toEqual([
      'Category,Valid votes,Quarantined votes,Invalid votes,Reasons,Decided by',
      // Cells holding a separator (a comma, or the semicolon of French and Portuguese spreadsheets) are quoted.
      `Best Afrobeats Song,6,0,4,"Account farm (invalidated); False alarm (restored)","${checker.user.name}; ${author.user.name}"`,
      // A name that starts a formula is neutralised.
      `'=Best Gospel Song,4,2,0,"Choir, probably fine (open)",`,
      'Best Highlife Song,0,0,0,,',
      `Total,10,2,4,"Account farm (invalidated); Choir, probably fine (open); False alarm (restored)","${checker.user.name}; ${author.user.name}"`,
    ]);
    expect(empty.id).toBeDefined();

    const entry = await finishedDownloadAudit(server.db, 'integrity.exported');
    expect(entry).toMatchObject({ actorId: author.user.id, targetType: 'report' });
    expect(entry!.details).toMatchObject({
      stage: 'completed',
      filename: 'integrity-report-2025-11-21.csv',
      rowCount: 4,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('is for admins only', async () => {
    const fan = await signIn(server);
    expect((await download(fan.token)).response.status).toBe(403);
  });
});
