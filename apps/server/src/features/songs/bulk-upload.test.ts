import type { BulkUploadResult } from '@ovation/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, songs } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let newcomer: { id: string; name: string };
let collaboration: { id: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  newcomer = await createCategory(server.db, { name: 'Best Newcomer', sortOrder: -2 });
  collaboration = await createCategory(server.db, {
    name: 'Best Collaboration',
    sortOrder: -1,
    translations: { fr: { name: 'Meilleure Collaboration' } },
  });
});
afterAll(() => server.close());

const LINK = 'https://www.youtube.com/watch?v=abcdefghijk';

function uploadJson(songsToSend: unknown[], token = admin.token) {
  return server.request('POST', '/api/admin/bulk-upload/songs', { body: { songs: songsToSend }, token });
}

async function uploadFile(content: string | Uint8Array, name = 'songs.csv', type = 'text/csv') {
  const form = new FormData();
  const part = typeof content === 'string' ? content : new Uint8Array(content);
  form.append('file', new Blob([part], { type }), name);
  const response = await fetch(`${server.baseUrl}/api/admin/bulk-upload/songs`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return { status: response.status, body: (await response.json()) as UploadAnswer };
}

/** What the tests read of an answer: the summary, or the refusal's code and message. */
interface UploadAnswer {
  code?: string;
  message?: string;
  data: BulkUploadResult;
}

function songsTitled(titles: string[]) {
  return server.db.select().from(songs).where(inArray(songs.title, titles));
}

describe('GET /api/admin/bulk-upload/template', () => {
  it('sends a UTF-8 CSV with a BOM, the header and two rows in real categories, which uploads as is', async () => {
    const response = await fetch(`${server.baseUrl}/api/admin/bulk-upload/template`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('filename="bulk-upload-template.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split('\r\n');
    expect(lines[0]).toBe('title,artist,song_link,category_name,description,duration,release_date,tags');
    expect(lines[1]).toContain(',Best Newcomer,');
    expect(lines[2]).toContain(',Best Collaboration,');

    const upload = await uploadFile(bytes, 'bulk-upload-template.csv');
    expect(upload.status).toBe(200);
    expect(upload.body.data).toMatchObject({ total: 2, failed: [] });
    expect(upload.body.data.successful.map((row: { index: number }) => row.index)).toEqual([1, 2]);
  });
});

describe('POST /api/admin/bulk-upload/songs', () => {
  it('stores the good rows approved and reports every other row with its number and reason', async () => {
    await createSong(server.db, { categoryId: newcomer.id, title: 'Already There', artist: 'Known Artist' });
    // The public list, cached before the upload, must show the new songs at once after it.
    const before = await server.request('GET', `/api/songs?category=${collaboration.id}`);
    expect(before.status).toBe(200);

    const response = await uploadJson([
      {
        title: 'Água Viva',
        artist: 'Zé Nova',
        song_link: LINK,
        category_name: 'best newcomer',
        tags: 'afro, pop',
      },
      {
        title: 'Second Good',
        artist: 'Duo',
        song_link: 'https://open.spotify.com/track/x',
        category_id: collaboration.id,
      },
      { title: 'No Artist', artist: '', song_link: LINK, category_name: 'Best Newcomer' },
      {
        title: 'Bad Link',
        artist: 'Someone',
        song_link: 'ftp://example.com/song',
        category_name: 'Best Newcomer',
      },
      { title: 'Nowhere', artist: 'Someone', song_link: LINK, category_name: 'Best Polka' },
      { title: 'x'.repeat(201), artist: 'Someone', song_link: LINK, category_name: 'Best Newcomer' },
      { title: 'ALREADY THERE', artist: 'known artist', song_link: LINK, category_name: 'Best Newcomer' },
      { title: ' ÁGUA VIVA ', artist: 'zé nova', song_link: LINK, category_name: 'Best Newcomer' },
      {
        title: 'Translated',
        artist: 'Someone',
        song_link: 'https://example.com/a.mp3',
        category_name: 'meilleure collaboration',
      },
      { title: 'No Category', artist: 'Someone', song_link: LINK },
      {
        title: 'Bad Date',
        artist: 'Someone',
        song_link: LINK,
        category_name: 'Best Newcomer',
        release_date: 'soon',
      },
    ]);
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data.total).toBe(11);
    expect(data.successful.map((row: { index: number; title: string }) => [row.index, row.title])).toEqual([
      [1, 'Água Viva'],
      [2, 'Second Good'],
      [9, 'Translated'],
    ]);
    expect(data.failed).toEqual([
      {
        index: 3,
        title: 'No Artist',
        error: 'Artist is required',
        code: 'VALIDATION_ERROR',
        key: 'validation.artistRequired',
        field: 'artist',
      },
      {
        index: 4,
        title: 'Bad Link',
        error: 'Please enter a valid http(s) link',
        code: 'VALIDATION_ERROR',
        key: 'validation.songLinkInvalid',
        field: 'song_link',
      },
      {
        index: 5,
        title: 'Nowhere',
        error: 'No category has this name or id. Use a category name from the template.',
        code: 'UNKNOWN_CATEGORY',
        key: 'errors.UNKNOWN_CATEGORY',
      },
      {
        index: 6,
        title: 'x'.repeat(201),
        error: 'Title must be at most 200 characters',
        code: 'VALIDATION_ERROR',
        key: 'validation.titleTooLong',
        field: 'title',
      },
      {
        index: 7,
        title: 'ALREADY THERE',
        error: 'A song with the same title and artist already exists in that category.',
        code: 'DUPLICATE_SONG_IN_CATEGORY',
        key: 'errors.DUPLICATE_SONG_IN_CATEGORY',
      },
      {
        index: 8,
        title: 'ÁGUA VIVA',
        error: 'A song with the same title and artist already exists in that category.',
        code: 'DUPLICATE_SONG_IN_CATEGORY',
        key: 'errors.DUPLICATE_SONG_IN_CATEGORY',
      },
      {
        index: 10,
        title: 'No Category',
        error: 'Please select a category',
        code: 'VALIDATION_ERROR',
        key: 'validation.categoryRequired',
        field: 'category',
      },
      {
        index: 11,
        title: 'Bad Date',
        error: 'Please enter a valid date',
        code: 'VALIDATION_ERROR',
        key: 'validation.releaseDateInvalid',
        field: 'release_date',
      },
    ]);
    expect(response.body.message).toBe('3 songs uploaded successfully, 8 rows failed');

    const stored = await songsTitled(['Água Viva', 'Second Good', 'Translated']);
    expect(stored).toHaveLength(3);
    const water = stored.find((song) => song.title === 'Água Viva')!;
    expect(water).toMatchObject({
      artist: 'Zé Nova',
      categoryId: newcomer.id,
      status: 'approved',
      uploaderId: admin.user.id,
      moderatedBy: admin.user.id,
      coverImageId: null,
      linkKind: 'youtube',
      searchText: 'agua viva ze nova',
      tags: ['afro', 'pop'],
    });
    expect(water.id).toBe(data.successful[0]._id);
    expect(stored.find((song) => song.title === 'Translated')).toMatchObject({
      categoryId: collaboration.id,
      linkKind: 'mp3',
      audioUrl: 'https://example.com/a.mp3',
    });
    expect(stored.find((song) => song.title === 'Second Good')!.linkKind).toBe('spotify');
    // Nothing of the failed rows was stored.
    const failedTitles = await songsTitled(['No Artist', 'Bad Link', 'Nowhere', 'No Category', 'Bad Date']);
    expect(failedTitles).toEqual([]);
    const sameNames = await server.db
      .select({ id: songs.id })
      .from(songs)
      .where(sql`lower(${songs.title}) in ('already there', 'água viva')`);
    expect(sameNames).toHaveLength(2);

    const audits = await server.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'song.bulk-created'),
          inArray(
            auditLog.targetId,
            stored.map((song) => song.id),
          ),
        ),
      );
    expect(audits).toHaveLength(3);
    for (const entry of audits) {
      expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'song', ip: '127.0.0.1' });
    }
    const details = audits.map(
      (entry) => entry.details as { batchId: string; row: number; after: { title: string } },
    );
    expect(new Set(details.map((detail) => detail.batchId)).size).toBe(1);
    expect(details.find((detail) => detail.row === 1)!.after).toMatchObject({
      title: 'Água Viva',
      status: 'approved',
    });

    const after = await server.request('GET', `/api/songs?category=${collaboration.id}`);
    const publicTitles = after.body.data.map((song: { title: string; albumCover: unknown }) => song.title);
    expect(publicTitles).toEqual(expect.arrayContaining(['Second Good', 'Translated']));
  });

  it('reads a CSV file under the browser rules: BOM, CRLF, blank and # lines, quotes, any header case', async () => {
    const csv = [
      '\ufeff# Songs for the newcomer category',
      'Title, Artist ,Song Link,Category_Name,Description',
      '',
      '"Quoted, with ""doubles""",The Quoters,https://soundcloud.com/q/a,Best Newcomer,"Two',
      'lines"',
      '# a comment, "with a quote',
      '   ',
      ',,,,',
      'Lacks Link,Someone,,Best Newcomer,',
      'Plain Row,Plain Artist,https://vimeo.com/1,best newcomer,',
    ].join('\r\n');
    const response = await uploadFile(new TextEncoder().encode(csv));
    expect(response.status).toBe(200);
    expect(response.body.data.total).toBe(3);
    expect(
      response.body.data.successful.map((row: { index: number; title: string }) => [row.index, row.title]),
    ).toEqual([
      [1, 'Quoted, with "doubles"'],
      [3, 'Plain Row'],
    ]);
    expect(response.body.data.failed).toEqual([
      expect.objectContaining({ index: 2, title: 'Lacks Link', key: 'validation.songLinkRequired' }),
    ]);
    const [quoted] = await songsTitled(['Quoted, with "doubles"']);
    expect(quoted).toMatchObject({
      artist: 'The Quoters',
      description: 'Two\r\nlines',
      linkKind: 'soundcloud',
    });
  });

  it('reads semicolon-separated files as spreadsheet programs save them in some countries', async () => {
    const csv =
      'title;artist;song_link;category_name\nSemicolon Song;Semi Artist;https://vimeo.com/2;Best Newcomer\n';
    const response = await uploadFile(csv, 'export.CSV', 'application/vnd.ms-excel');
    expect(response.status).toBe(200);
    expect(response.body.data.successful).toHaveLength(1);
  });

  it('refuses a file that is not CSV: 400 INVALID_CSV_FILE', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const refusals = [
      await uploadFile(png, 'cover.png', 'image/png'),
      await uploadFile('title,artist,song_link\nA,B,https://x.io\n', 'songs.txt', 'text/plain'),
      await uploadFile('title,artist,song_link\nA,B,https://x.io\n', 'songs.csv', 'image/png'),
      await uploadFile(png, 'songs.csv', 'text/csv'),
      // Latin-1 "é": not UTF-8.
      await uploadFile(
        new Uint8Array([...new TextEncoder().encode('title,artist,song_link\nCaf'), 0xe9, 0x0a]),
        'songs.csv',
      ),
      // UTF-16 (NUL bytes between the letters).
      await uploadFile(new Uint8Array([0xff, 0xfe, 0x74, 0x00, 0x69, 0x00]), 'songs.csv'),
      // A quote left open swallows the rest of the file.
      await uploadFile('title,artist,song_link\n"Open,B,https://x.io\nC,D,https://y.io\n'),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'INVALID_CSV_FILE',
        message: 'Please select a valid CSV file',
      });
    }

    const noFile = new FormData();
    noFile.append('songs', 'title,artist');
    const response = await fetch(`${server.baseUrl}/api/admin/bulk-upload/songs`, {
      method: 'POST',
      body: noFile,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('INVALID_CSV_FILE');
  });

  it('answers 400 NO_VALID_SONGS when no row has a title, artist and song link', async () => {
    const empty = [
      await uploadJson([]),
      await uploadJson([{ title: 'Only a title', artist: ' ', song_link: '' }]),
      await uploadFile('title,artist,song_link,category_name\n'),
      await uploadFile('name,singer\nA,B\n'),
      await uploadFile(''),
    ];
    for (const response of empty) {
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'NO_VALID_SONGS',
        message: 'No valid songs found in the file',
      });
    }
  });

  it('refuses a body that is not a list of rows: 400', async () => {
    const junk = await server.request('POST', '/api/admin/bulk-upload/songs', {
      body: { unexpected: true },
      token: admin.token,
    });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe('VALIDATION_ERROR');
    const nested = await uploadJson([{ title: { nested: true }, artist: 'A', song_link: LINK }]);
    expect(nested.status).toBe(400);
  });

  it('takes 5,000 rows (more than the app-wide 1 MiB of JSON) in one upload, and refuses 5,001 with 413', async () => {
    const row = (n: number) => ({
      title: `Load Song ${n}`,
      artist: 'Load Artist',
      song_link: `https://www.youtube.com/watch?v=load${n}`,
      category_name: 'Best Collaboration',
      description:
        'A row long enough that five thousand of them outgrow one mebibyte of JSON, as real files do.',
    });
    const tooMany = await uploadJson(Array.from({ length: 5001 }, (_, n) => row(n)));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({
      code: 'BULK_UPLOAD_TOO_LARGE',
      message: 'A bulk upload takes at most 5,000 songs. Split the file and upload each part.',
    });
    expect(await songsTitled(['Load Song 1'])).toEqual([]);

    const rows = Array.from({ length: 5000 }, (_, n) => row(n));
    expect(JSON.stringify({ songs: rows }).length).toBeGreaterThan(1024 * 1024);
    const accepted = await uploadJson(rows);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.successful).toHaveLength(5000);
    expect(accepted.body.message).toBe('5000 songs uploaded successfully');
    const [{ count }] = (await server.db
      .select({ count: sql<number>`count(*)::int` })
      .from(songs)
      .where(sql`${songs.title} like 'Load Song %'`)) as [{ count: number }];
    expect(count).toBe(5000);
  }, 120_000);

  it('answers a body or file over 8 MB with 413 BULK_UPLOAD_FILE_TOO_LARGE', async () => {
    const huge = 'x'.repeat(8 * 1024 * 1024 + 10);
    const body = await server.request('POST', '/api/admin/bulk-upload/songs', {
      rawBody: JSON.stringify({ songs: [{ title: huge }] }),
      headers: { 'content-type': 'application/json' },
      token: admin.token,
    });
    expect(body.status).toBe(413);
    expect(body.body.code).toBe('BULK_UPLOAD_FILE_TOO_LARGE');
    const file = await uploadFile(`title,artist,song_link\n${huge},A,${LINK}\n`);
    expect(file.status).toBe(413);
    expect(file.body.code).toBe('BULK_UPLOAD_FILE_TOO_LARGE');
  });

  it('stores each song once when the same file is sent twice at once: the later answer reports duplicates', async () => {
    const rows = Array.from({ length: 40 }, (_, n) => ({
      title: `Twice ${n}`,
      artist: 'Retry Artist',
      song_link: LINK,
      category_name: n % 2 ? 'Best Newcomer' : 'Best Collaboration',
    }));
    const [first, second] = await Promise.all([uploadJson(rows), uploadJson(rows)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const created = [first, second].map((response) => response.body.data.successful.length).sort();
    expect(created).toEqual([0, 40]);
    const loser = first.body.data.successful.length === 0 ? first : second;
    expect(loser.body.data.failed).toHaveLength(40);
    expect(new Set(loser.body.data.failed.map((row: { code: string }) => row.code))).toEqual(
      new Set(['DUPLICATE_SONG_IN_CATEGORY']),
    );
    expect(loser.body.message).toBe('No songs uploaded: 40 rows failed');
    expect(await songsTitled(rows.map((row) => row.title))).toHaveLength(40);

    const retry = await uploadJson(rows);
    expect(retry.body.data.successful).toEqual([]);
    expect(await songsTitled(rows.map((row) => row.title))).toHaveLength(40);
  });

  it('stores nothing, songs nor audit entries, when the transaction fails', async () => {
    // The audit insert fails for this one title, after the songs were inserted in the same transaction.
    await server.db.execute(
      sql`alter table audit_log add constraint test_refuse_boom check (details->'after'->>'title' is distinct from 'Boom')`,
    );
    try {
      const response = await uploadJson([
        { title: 'Before Boom', artist: 'A', song_link: LINK, category_name: 'Best Newcomer' },
        { title: 'Boom', artist: 'A', song_link: LINK, category_name: 'Best Newcomer' },
      ]);
      expect(response.status).toBe(500);
    } finally {
      await server.db.execute(sql`alter table audit_log drop constraint test_refuse_boom`);
    }
    expect(await songsTitled(['Before Boom', 'Boom'])).toEqual([]);
    const audits = await server.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(sql`${auditLog.details}->'after'->>'title' in ('Before Boom', 'Boom')`);
    expect(audits).toEqual([]);
  });

  it('is for admins only', async () => {
    const artist = await signIn(server, 'artist');
    const response = await uploadJson([{ title: 'T', artist: 'A', song_link: LINK }], artist.token);
    expect(response.status).toBe(403);
    const guest = await server.request('GET', '/api/admin/bulk-upload/template');
    expect(guest.status).toBe(401);
  });
});
