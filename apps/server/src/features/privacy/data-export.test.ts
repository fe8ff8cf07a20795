import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailsSent } from '../../db/schema';
import { setPlatformSettings, signIn } from '../../test/accounts';
import { createCategory, createSong, openVoting } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let song: { id: string };
let other: { id: string };

beforeAll(async () => {
  server = await startTestServer();
  await setPlatformSettings(server.db, { securitySettings: { requireCaptcha: false } });
  await openVoting(server.db);
  const category = await createCategory(server.db, { name: 'Best Afrobeats Song' });
  const gospel = await createCategory(server.db, { name: 'Best Gospel Song' });
  song = await createSong(server.db, { categoryId: category.id, title: 'Essence', artist: 'Wizkid' });
  other = await createSong(server.db, { categoryId: gospel.id, title: 'Hymn', artist: 'Choir' });
});
afterAll(() => server.close());

async function download(token: string | undefined) {
  const response = await fetch(`${server.baseUrl}/api/auth/account/data`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('GET /api/auth/account/data', () => {
  it('needs a signed-in user', async () => {
    expect((await download(undefined)).status).toBe(401);
  });

  it("holds the account's own profile, votes and sessions, nobody else's, and no secret", async () => {
    const fan = await signIn(server, 'fan');
    const neighbour = await signIn(server, 'fan');
    const vote = (token: string, songId: string) =>
      server.request('POST', '/api/votes', { token, body: { songId } });
    expect((await vote(fan.token, song.id)).status).toBe(201);
    expect((await vote(neighbour.token, other.id)).status).toBe(201);

    const file = await download(fan.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ovation-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    const data = JSON.parse(file.text);
    expect(data.profile).toMatchObject({ id: fan.user.id, email: fan.email, role: 'fan' });
    expect(data.votes).toEqual([
      expect.objectContaining({
        song: 'Essence',
        artist: 'Wizkid',
        category: 'Best Afrobeats Song',
        status: 'valid',
      }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.accountEvents.map((event: { event: string }) => event.event)).toContain('auth.login.success');
    // Nothing of the neighbour, and no secret of the account itself.
    expect(file.text).not.toContain(neighbour.email);
    expect(file.text).not.toContain('Hymn');
    expect(file.text).not.toMatch(/passwordHash|password_hash|tokenHash|token_hash|codeHash/);

    const [entry] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.data.exported'), eq(auditLog.actorId, fan.user.id)));
    expect(entry?.details).toMatchObject({ bytes: Buffer.byteLength(file.text) });
  });

  it('gives an artist a zip: the data as data.json, and the cover they uploaded in files/', async () => {
    const artist = await signIn(server, 'artist');
    const category = await createCategory(server.db, { name: 'Best New Artist' });
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#d97706' } })
      .png()
      .toBuffer();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'My Debut',
      artist: 'New Voice',
      category: category.id,
      songLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      description: 'First song',
    }))
      form.append(key, value);
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'my-cover.png');
    const uploaded = await fetch(`${server.baseUrl}/api/songs`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${artist.token}` },
    });
    expect(uploaded.status).toBe(201);

    const response = await fetch(`${server.baseUrl}/api/auth/account/data`, {
      headers: { authorization: `Bearer ${artist.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ovation-my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const data = JSON.parse(strFromU8(entries['data.json']!));
    expect(data.profile).toMatchObject({ id: artist.user.id, role: 'artist' });
    expect(data.songsUploaded).toEqual([
      expect.objectContaining({ title: 'My Debut', category: 'Best New Artist', status: 'pending' }),
    ]);
    expect(data.filesUploaded).toEqual([
      expect.objectContaining({
        kind: 'cover',
        originalName: 'my-cover.png',
        file: expect.stringMatching(/^files\/cover-/),
      }),
    ]);
    const picture = entries[data.filesUploaded[0].file]!;
    expect((await sharp(picture).metadata()).format).toBe('webp');
    expect(Object.keys(entries).sort()).toEqual(['data.json', data.filesUploaded[0].file]);
  });

  it('lists the mails sent to the account (kind, address, time), never a code', async () => {
    const fan = await signIn(server, 'fan');
    const asked = await server.request('POST', '/api/auth/forgot-password', { body: { email: fan.email } });
    expect(asked.status).toBe(200);
    // The reset mail leaves in the background: wait for its record.
    const recorded = () => server.db.select().from(mailsSent).where(eq(mailsSent.userId, fan.user.id));
    for (let attempt = 0; attempt < 100 && (await recorded()).length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const file = await download(fan.token);
    expect(file.status).toBe(200);
    const data = JSON.parse(file.text);
    expect(data.mailsSent).toEqual([{ kind: 'password-reset', to: fan.email, sentAt: expect.any(String) }]);
  });

  it('allows five files an hour, then answers 429', async () => {
    const fan = await signIn(server, 'fan');
    for (let index = 0; index < 5; index++) expect((await download(fan.token)).status).toBe(200);
    const refused = await download(fan.token);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text).code).toBe('TOO_MANY_REQUESTS');
  });
});
