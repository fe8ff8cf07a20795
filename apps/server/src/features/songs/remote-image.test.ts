import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { fetchRemoteImage, isPublicAddress } from './remote-image';

let server: http.Server;
let base: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  server = http.createServer((request, response) => {
    if (request.url === '/cover.png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (request.url === '/moved') return response.writeHead(302, { location: '/cover.png' }).end();
    if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/elsewhere') {
      const port = (server.address() as AddressInfo).port;
      return response.writeHead(302, { location: `http://127.0.0.2:${port}/cover.png` }).end();
    }
    if (request.url === '/huge') {
      // No content-length: the size is only found out while reading.
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(1024 * 1024, 1);
      for (let n = 0; n < 6; n++) response.write(chunk);
      return response.end();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The test server is on loopback, which the real policy refuses: these tests allow 127.0.0.1 only. */
const onlyThisHost = { allowAddress: (address: string) => address === '127.0.0.1' };

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}

describe('fetchRemoteImage', () => {
  it('downloads an image, following a redirect', async () => {
    expect((await fetchRemoteImage(`${base}/cover.png`, onlyThisHost)).bytes.equals(png)).toBe(true);
    const moved = await fetchRemoteImage(`${base}/moved`, onlyThisHost);
    expect(moved).toMatchObject({ originalName: 'cover.png' });
  });

  it('refuses loopback and private addresses by default, also behind a redirect', async () => {
    const direct = await failure(fetchRemoteImage(`${base}/cover.png`));
    expect(direct).toBeInstanceOf(AppError);
    expect(direct.errors?.[0]?.key).toBe('validation.albumCoverInvalid');
    const redirected = await failure(fetchRemoteImage(`${base}/elsewhere`, onlyThisHost));
    expect(redirected.errors?.[0]?.key).toBe('validation.albumCoverInvalid');
  });

  it('stops at 5 MB with 413, at a redirect loop, at a 404 and at other schemes', async () => {
    const huge = await failure(fetchRemoteImage(`${base}/huge`, onlyThisHost));
    expect([huge.status, huge.code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    expect((await failure(fetchRemoteImage(`${base}/loop`, onlyThisHost))).status).toBe(400);
    expect((await failure(fetchRemoteImage(`${base}/missing`, onlyThisHost))).status).toBe(400);
    expect((await failure(fetchRemoteImage('ftp://example.com/x.png', onlyThisHost))).status).toBe(400);
    expect((await failure(fetchRemoteImage(`http://user:pass@127.0.0.1/x.png`, onlyThisHost))).status).toBe(
      400,
    );
  });

  it('knows public from private addresses', () => {
    expect(isPublicAddress('8.8.8.8', 4)).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111', 6)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(isPublicAddress(address, 4), address).toBe(false);
    for (const address of ['::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::'])
      expect(isPublicAddress(address, 6), address).toBe(false);
  });
});
