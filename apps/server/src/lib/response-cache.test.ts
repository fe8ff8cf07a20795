import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedAnswer, ResponseCache } from './response-cache';

const bigAnswer = {
  success: true,
  data: Array.from({ length: 100 }, (_, index) => ({ title: `Song ${index}`, artist: `Artist ${index}` })),
};
const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

describe('CachedAnswer', () => {
  it('keeps a small answer as it is, whatever the client accepts', () => {
    const answer = new CachedAnswer(JSON.stringify({ success: true, data: [] }));
    expect(answer.representation('br')).toBe(answer.identity);
    expect(answer.identity.etag).toBe(etagOf(answer.identity.body));
  });

  it('compresses a large answer once per encoding, then hands the same bytes out at once', async () => {
    const json = JSON.stringify(bigAnswer);
    const answer = new CachedAnswer(json);
    const [first, second] = [answer.representation('br'), answer.representation('br')];
    expect(first).toBeInstanceOf(Promise);
    const brotli = await first;
    expect(await second).toBe(brotli);
    expect(answer.representation('br')).toBe(brotli);
    expect(brotli.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(json);
    expect(brotli.etag).toBe(etagOf(brotli.body));
    const gzipped = await answer.representation('gzip');
    expect(zlib.gunzipSync(gzipped.body).toString()).toBe(json);
    expect(new Set([answer.identity.etag, brotli.etag, gzipped.etag]).size).toBe(3);
    expect(answer.representation(undefined)).toBe(answer.identity);
  });
});

describe('ResponseCache without Redis', () => {
  it('produces an answer once for concurrent readers and serves hits synchronously', async () => {
    let now = 0;
    const cache = new ResponseCache('test', undefined, () => now);
    let produced = 0;
    const produce = async () => {
      produced++;
      return bigAnswer;
    };
    const [first, second] = await Promise.all([cache.get('page', produce), cache.get('page', produce)]);
    expect(produced).toBe(1);
    expect(second).toBe(first);
    const hit = cache.get('page', produce);
    expect(hit).toBe(first);
    now += 5000;
    expect(await cache.get('page', produce)).not.toBe(first);
    expect(produced).toBe(2);
  });

  it('hands out a just-expired answer while one reader refreshes it in the background', async () => {
    let now = 0;
    const cache = new ResponseCache('test', undefined, () => now);
    let version = 1;
    let produced = 0;
    let release = () => {};
    const produce = async () => {
      produced++;
      if (produced > 1) await new Promise<void>((resolve) => (release = resolve));
      return { version };
    };
    const first = await cache.get('page', produce);
    version = 2;
    now += 2500;
    expect(cache.get('page', produce)).toBe(first);
    expect(cache.get('page', produce)).toBe(first);
    expect(produced).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    const refreshed = cache.get('page', produce);
    expect(refreshed).not.toBeInstanceOf(Promise);
    expect((refreshed as Awaited<typeof refreshed>).identity.body.toString()).toBe('{"version":2}');
  });

  it('forgets its answers on invalidation, so the next reader gets a fresh one', async () => {
    const cache = new ResponseCache('test');
    let version = 1;
    const produce = async () => ({ version });
    const before = await cache.get('page', produce);
    version = 2;
    await cache.invalidate();
    const after = await cache.get('page', produce);
    expect(after.identity.body.toString()).toBe('{"version":2}');
    expect(after.identity.etag).not.toBe(before.identity.etag);
  });
});
