import { LEGAL_DOCUMENTS } from '@ovation/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, consents, users } from '../../db/schema';
import { registration, setUpAccountsServer, signIn } from '../../test/accounts';
import type { TestServer } from '../../test/server';

const handles = setUpAccountsServer();
let server: TestServer;
beforeAll(() => {
  ({ server } = handles);
});

const states = (token: string) => server.request('GET', '/api/auth/consents', { token });

describe('consent to the legal documents', () => {
  it('is recorded at registration: the current version of the terms and of the privacy policy', async () => {
    const email = `consenting-${Date.now()}@example.com`;
    const registered = await server.request('POST', '/api/auth/register', { body: registration({ email }) });
    expect(registered.status).toBe(201);
    const [user] = await server.db.select().from(users).where(eq(users.email, email));
    const rows = await server.db.select().from(consents).where(eq(consents.userId, user!.id));
    expect(rows.map((row) => [row.document, row.version]).sort()).toEqual([
      ['privacy', LEGAL_DOCUMENTS.privacy.version],
      ['terms', LEGAL_DOCUMENTS.terms.version],
    ]);
    expect(rows.every((row) => row.acceptedAt.getTime() === server.clock.now().getTime())).toBe(true);
  });

  it('asks a user who never accepted the current versions, and records their acceptance, audited', async () => {
    const fan = await signIn(server, 'fan');
    expect((await server.request('GET', '/api/auth/consents')).status).toBe(401);
    const before = await states(fan.token);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([
      {
        document: 'terms',
        version: LEGAL_DOCUMENTS.terms.version,
        date: LEGAL_DOCUMENTS.terms.date,
        accepted: false,
        acceptedAt: null,
      },
      {
        document: 'privacy',
        version: LEGAL_DOCUMENTS.privacy.version,
        date: LEGAL_DOCUMENTS.privacy.date,
        accepted: false,
        acceptedAt: null,
      },
    ]);

    const refused = await server.request('POST', '/api/auth/consents', {
      token: fan.token,
      body: { documents: ['cookies'] },
    });
    expect(refused.status).toBe(400);

    const accepted = await server.request('POST', '/api/auth/consents', {
      token: fan.token,
      body: { documents: ['terms', 'privacy'] },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.every((state: { accepted: boolean }) => state.accepted)).toBe(true);
    expect((await states(fan.token)).body.data[0]).toMatchObject({
      accepted: true,
      acceptedAt: server.clock.now().toISOString(),
    });
    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.consent.accepted'), eq(auditLog.actorId, fan.user.id)));
    expect(audited).toHaveLength(1);
  });
});
