import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema';
import { signIn } from '../../test/accounts';
import { createAd } from '../../test/ads';
import { createCategory, createSong } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { storedFileNames } from '../../test/stored-files';

/*
 * A picture whose header reads well but whose pixels are cut short (a truncated upload, a half-copied
 * file): the decoder only fails while re-encoding, in words of its own ("libpng read error"). Every
 * upload route must answer it as the file's fault, 400 IMAGE_INVALID with the spec's message, and keep
 * nothing of it.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;
let truncatedPng: Buffer;
let truncatedJpeg: Buffer;
let category: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server, 'admin');
  category = await createCategory(server.db, { name: 'Best Undecodable' });
  const raw = Buffer.alloc(600 * 400 * 3);
  for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 7919) % 251;
  const pixels = { raw: { width: 600, height: 400, channels: 3 as const } };
  const png = await sharp(raw, pixels).png().toBuffer();
  const jpeg = await sharp(raw, pixels).jpeg().toBuffer();
  truncatedPng = png.subarray(0, Math.floor(png.length * 0.6));
  truncatedJpeg = jpeg.subarray(0, Math.floor(jpeg.length * 0.5));
});
afterAll(() => server.close());

async function send(
  method: string,
  url: string,
  fields: Record<string, string>,
  field: string,
  bytes: Buffer,
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'cut-short.png');
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body: form,
    headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'en' },
  });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

/** The spec's words for a file that is no picture: the ads and library screens word it their own way. */
const NOT_A_PICTURE = 'The file must be a JPEG, PNG, GIF or WebP image.';

const SONG = { title: 'Half a cover', category: '', songLink: 'https://www.youtube.com/watch?v=abcdefghijk' };

/** Every route that takes a picture, with the fields it needs besides the file and the file's field. */
interface UploadRoute {
  name: string;
  method: string;
  url: string;
  field: string;
  fields: Record<string, string>;
  message: string;
}

async function uploadRoutes(): Promise<UploadRoute[]> {
  const song = await createSong(server.db, { categoryId: category.id, title: 'Edited cover' });
  const ad = await createAd(server.db, { title: 'Sponsor' });
  return [
    {
      name: 'POST /songs',
      method: 'POST',
      url: '/api/songs',
      field: 'image',
      fields: { ...SONG, category: category.id },
      message: NOT_A_PICTURE,
    },
    {
      name: 'PUT /songs/{id}',
      method: 'PUT',
      url: `/api/songs/${song.id}`,
      field: 'albumCover',
      fields: { title: 'Edited cover', artist: 'Someone', songLink: SONG.songLink },
      message: NOT_A_PICTURE,
    },
    {
      name: 'POST /admin/banners',
      method: 'POST',
      url: '/api/admin/banners',
      field: 'banner',
      fields: { title: 'Hero' },
      message: NOT_A_PICTURE,
    },
    {
      name: 'POST /ads',
      method: 'POST',
      url: '/api/ads',
      field: 'image',
      fields: { title: 'Ad', targetUrl: 'https://sponsor.example.com/' },
      message: 'Please select an image file',
    },
    {
      name: 'PUT /ads/{id}',
      method: 'PUT',
      url: `/api/ads/${ad.id}`,
      field: 'image',
      fields: { title: 'Ad', targetUrl: 'https://sponsor.example.com/' },
      message: 'Please select an image file',
    },
    {
      name: 'POST /admin/images/upload',
      method: 'POST',
      url: '/api/admin/images/upload',
      field: 'image',
      fields: {},
      message: 'Please select an image file.',
    },
  ];
}

describe('an undecodable picture on every upload route', () => {
  it('answers 400 IMAGE_INVALID with the spec message for a truncated PNG and JPEG, storing nothing', async () => {
    const routes = await uploadRoutes();
    const imagesBefore = (await server.db.select({ id: images.id }).from(images)).length;
    const answers: string[] = [];
    for (const route of routes) {
      for (const [kind, bytes] of [
        ['png', truncatedPng],
        ['jpeg', truncatedJpeg],
      ] as const) {
        const response = await send(route.method, route.url, route.fields, route.field, bytes);
        answers.push(
          `${route.name} ${kind}: ${response.status} ${response.body.code} ${response.body.message}`,
        );
      }
    }
    expect(answers).toEqual(
      routes.flatMap((route) =>
        ['png', 'jpeg'].map((kind) => `${route.name} ${kind}: 400 IMAGE_INVALID ${route.message}`),
      ),
    );
    expect((await server.db.select({ id: images.id }).from(images)).length).toBe(imagesBefore);
    for (const folder of ['covers', 'banners', 'ads', 'library'])
      expect(await storedFileNames(server, folder)).toEqual([]);
  });

  it('answers the edit of a banner with an undecodable picture the same way', async () => {
    const form = new FormData();
    form.append('title', 'Hero');
    const good = await sharp({ create: { width: 1600, height: 600, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
    form.append('banner', new Blob([new Uint8Array(good)], { type: 'image/png' }), 'hero.png');
    const created = await fetch(`${server.baseUrl}/api/admin/banners`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const banner = (await created.json()) as { data: { _id: string; image: string } };
    expect(created.status).toBe(201);
    const response = await send(
      'PUT',
      `/api/admin/banners/${banner.data._id}`,
      { title: 'Hero' },
      'banner',
      truncatedPng,
    );
    expect([response.status, response.body.code]).toEqual([400, 'IMAGE_INVALID']);
    const [row] = await server.db.select().from(images).where(eq(images.kind, 'banner'));
    expect(row).toBeDefined();
  });
});
