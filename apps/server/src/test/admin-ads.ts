import type { AdminAd } from '@ovation/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, type MockInstance, vi } from 'vitest';
import { ads, auditLog, images } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { signIn } from './accounts';
import { createUser, setPlatformTimezone } from './factories';
import { startTestServer, type TestServer } from './server';
import { storedFileNames } from './stored-files';
/*
 * What the admin ads tests share (admin-ads-*.test.ts): a server whose clock stands at 23:30 UTC on 10 March,
 * which is 00:30 on 11 March in Lagos (UTC+1), the platform's timezone here, so every "today" is the 11th and
 * a date or a count read in UTC instead would show; and the calls the ad screen makes.
 */

export const NOW = new Date('2026-03-10T23:30:00Z');
export const TODAY = '2026-03-11';
export const GHOST = '00000000-0000-4000-8000-000000000000';

export let server: TestServer;
export let admin: Awaited<ReturnType<typeof signIn>>;
export let fan: Awaited<ReturnType<typeof signIn>>;
export let frenchToken: string;
export let png: Buffer;
export let changed: MockInstance;

/** Starts the server the tests share, with an admin, a fan, a French admin and a picture. */
export function setUpAdsAdmin() {
  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set(NOW);
    await setPlatformTimezone(server.db, 'Africa/Lagos');
    admin = await signIn(server, 'admin');
    fan = await signIn(server, 'fan');
    const email = `french-admin-${Date.now()}@example.com`;
    await createUser(server.db, {
      role: 'admin',
      email,
      language: 'fr',
      passwordHash: await hashPassword('password123'),
    });
    frenchToken = (
      await server.request('POST', '/api/auth/login', { body: { email, password: 'password123' } })
    ).body.token;
    png = await sharp({ create: { width: 1600, height: 400, channels: 3, background: '#1d4ed8' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .png()
      .toBuffer();
    changed = vi.spyOn(server.app.ads, 'changed');
  });
  afterAll(() => server.close());
}

export type Fields = Record<string, string>;
export type File = { bytes: Buffer; name: string; type: string };

export const picture = (): File => ({ bytes: png, name: 'sponsor.png', type: 'image/png' });

export function adForm(fields: Fields, file: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file) form.append('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

export async function send(method: string, url: string, token: string | undefined, body?: FormData) {
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A valid form: what each test changes is what it is about. */
export const valid = (fields: Fields = {}): Fields => ({
  title: 'Sponsor night',
  targetUrl: 'https://sponsor.example.com/offer',
  ...fields,
});

/** Creates an ad, a second after the previous one (newest first is by creation). */
export async function create(fields: Fields, file: File | null = picture(), token = admin.token) {
  server.clock.advance(1000);
  return send('POST', '/api/ads', token, adForm(fields, file));
}
export const edit = (id: string, fields: Fields, file: File | null = null, token = admin.token) =>
  send('PUT', `/api/ads/${id}`, token, adForm(fields, file));
export const toggle = (id: string, token = admin.token) => send('PATCH', `/api/ads/${id}/toggle`, token);
export const remove = (id: string, token = admin.token) => send('DELETE', `/api/ads/${id}`, token);
export const analytics = (id: string, token = admin.token) => send('GET', `/api/ads/${id}/analytics`, token);
export const list = (query = '', token = admin.token) => send('GET', `/api/ads${query}`, token);

export async function createAd(fields: Fields = {}, file: File | null = picture()): Promise<AdminAd> {
  const response = await create(valid(fields), file);
  expect(response.status).toBe(201);
  return response.body.data;
}

export function adFiles(): Promise<string[]> {
  return storedFileNames(server, 'ads');
}

/** Everything a refused write must leave as it was. */
export async function counts() {
  return {
    ads: (await server.db.select().from(ads)).length,
    images: (await server.db.select().from(images)).length,
    files: (await adFiles()).length,
    audits: (await server.db.select().from(auditLog).where(like(auditLog.action, 'ad.%'))).length,
  };
}

export function auditFor(action: string, targetId: string) {
  return server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
}

export async function uploadLibraryImage() {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'library.png');
  const response = await send('POST', '/api/admin/images/upload', admin.token, form);
  expect(response.status).toBe(201);
  return response.body.data as { filename: string };
}

/**
 * Counted events as the counting buffer writes them: a minute bucket and its hour, added to what is there.
 */
export async function addCounts(
  adId: string,
  location: string,
  at: string,
  values: { impressions?: number; clicks?: number; filteredImpressions?: number; filteredClicks?: number },
) {
  const minute = new Date(at);
  minute.setUTCSeconds(0, 0);
  const hour = new Date(minute);
  hour.setUTCMinutes(0);
  const { impressions = 0, clicks = 0, filteredImpressions = 0, filteredClicks = 0 } = values;
  for (const [table, column, instant] of [
    ['ad_minute_stats', 'minute', minute],
    ['ad_hour_stats', 'hour', hour],
  ] as const) {
    await server.db.execute(sql`
      insert into ${sql.raw(table)} (${sql.raw(column)}, ad_id, location, impressions, clicks, unique_viewers,
        filtered_impressions, filtered_clicks)
      values (${instant.toISOString()}::timestamptz, ${adId}::uuid, ${location}, ${impressions}, ${clicks},
        ${impressions}, ${filteredImpressions}, ${filteredClicks})
      on conflict (${sql.raw(column)}, ad_id, location) do update set
        impressions = ${sql.raw(table)}.impressions + excluded.impressions,
        clicks = ${sql.raw(table)}.clicks + excluded.clicks,
        unique_viewers = ${sql.raw(table)}.unique_viewers + excluded.unique_viewers,
        filtered_impressions = ${sql.raw(table)}.filtered_impressions + excluded.filtered_impressions,
        filtered_clicks = ${sql.raw(table)}.filtered_clicks + excluded.filtered_clicks`);
  }
}
