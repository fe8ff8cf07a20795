import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { createCategory } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

/**
 * Uploads every instance sees: on PostgreSQL the files live in the database the instances share
 * (UPLOAD_STORE=database), so a picture uploaded through one instance is served by any other, with the
 * same bytes and a year of caching. The embedded set-up keeps them on its one disk (the other tests).
 */
describe.runIf(process.env.DATABASE_URL)('uploads on several instances', () => {
  let first: TestServer;
  let second: TestServer;
  let png: Buffer;
  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({ sameDatabaseAs: first });
    png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#b45309' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  async function post(server: TestServer, url: string, token: string, form: FormData) {
    const response = await fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        data: { cover: { srcSet: string }; url: string; filename: string };
      },
    };
  }

  const picture = (field = 'image') => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'cover.png');
    return form;
  };

  async function servedBy(server: TestServer, url: string) {
    const response = await fetch(`${server.baseUrl}${url}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      cache: response.headers.get('cache-control'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  it('serves a cover uploaded through instance A from instance B, byte for byte, cached for a year', async () => {
    const artist = await signIn(first, 'artist');
    const category = await createCategory(first.db);
    const form = picture();
    for (const [name, value] of Object.entries({
      title: 'Shared Cover',
      songLink: 'https://open.spotify.com/track/5FG7Tl93LdH117jEKYl3Cm',
      category: category.id,
    }))
      form.append(name, value);
    const uploaded = await post(first, '/api/songs', artist.token, form);
    expect(uploaded.status).toBe(201);
    const urls = (uploaded.body.data.cover.srcSet as string).split(', ').map((entry) => entry.split(' ')[0]!);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const [fromA, fromB] = await Promise.all([servedBy(first, url), servedBy(second, url)]);
      expect(fromB).toMatchObject({
        status: 200,
        type: 'image/webp',
        cache: 'public, max-age=31536000, immutable',
      });
      expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    }
  });

  it('serves a library image uploaded through A from B, and neither serves it once deleted through B', async () => {
    const admin = await signIn(first, 'admin');
    const uploaded = await post(first, '/api/admin/images/upload', admin.token, picture());
    expect(uploaded.status).toBe(201);
    const { url, filename } = uploaded.body.data;
    expect((await servedBy(second, url)).status).toBe(200);
    const deleted = await fetch(`${second.baseUrl}/api/admin/images/${filename}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.status).toBe(200);
    expect((await servedBy(second, url)).status).toBe(404);
    // A's memory may still hold it (keys are immutable, nothing links to it); the store itself has it no more.
    expect(await first.storage.list('library/')).toEqual([]);
  });
});
