import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server';
import { IMMUTABLE_CACHE, SITE_ICON_CACHE } from './http-caching';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  // A build in miniature: the shell, a fingerprinted asset, the site's icons and a file with a stable name.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-web-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.mkdir(path.join(webDist, 'icons'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><html lang="en"><head></head></html>');
  await fs.writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  await fs.copyFile(
    path.join(import.meta.dirname, '../../../web/public/favicon.svg'),
    path.join(webDist, 'favicon.svg'),
  );
  await fs.writeFile(path.join(webDist, 'icons', 'icon-192.png'), 'png');
  await fs.writeFile(path.join(webDist, 'notes.txt'), 'text');
  server = await startTestServer({ environment: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await server.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe("the build's own files", () => {
  it('serves the favicon as SVG, kept a day: its name never changes, so it cannot be immutable', async () => {
    const response = await server.request('GET', '/favicon.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe(SITE_ICON_CACHE);
    expect(String(response.body)).toContain('<svg');
  });

  it('keeps the home-screen icons a day, fingerprinted assets a year, and revalidates anything else', async () => {
    const icon = await server.request('GET', '/icons/icon-192.png');
    expect(icon.headers.get('cache-control')).toBe(SITE_ICON_CACHE);
    const asset = await server.request('GET', '/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    const other = await server.request('GET', '/notes.txt');
    expect(other.headers.get('cache-control')).toBe('no-cache');
  });
});
