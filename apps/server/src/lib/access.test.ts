import { and, eq, gt, max } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteApp } from '../app-context';
import { auditLog } from '../db/schema';
import { signIn } from '../test/accounts';
import { ADMIN_WRITES } from '../test/admin-writes';
import { startTestServer, type TestServer } from '../test/server';
import { type Access, type DeclaredRoute, registerAccessControl, registerAdminScope } from './access';
import { registerErrorHandling } from './error-handler';

type Caller = 'guest' | 'fan' | 'artist' | 'admin';
const CALLERS: Caller[] = ['guest', 'fan', 'artist', 'admin'];

/** Who each access level lets through; everyone else is refused (401 for a guest, 403 otherwise). */
const ALLOWED: Record<Access, Caller[]> = {
  public: ['guest', 'fan', 'artist', 'admin'],
  signedIn: ['fan', 'artist', 'admin'],
  fan: ['fan'],
  artist: ['artist', 'admin'],
  admin: ['admin'],
};

/** A request path for a route pattern: every parameter becomes a well-formed id that exists nowhere. */
function concretePath(url: string) {
  return url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
}

/** The same path with every parameter malformed and a query no schema accepts: still refused first. */
function malformedPath(url: string) {
  return `${url.replace(/:[A-Za-z]+/g, 'not-an-id')}?page=-1&limit=100000&status=nonsense`;
}

let server: TestServer;
const tokens: Partial<Record<Caller, string>> = {};
let routes: DeclaredRoute[];

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['fan', 'artist', 'admin'] as const) tokens[role] = (await signIn(server, role)).token;
  routes = server.app.declaredRoutes();
});
afterAll(() => server?.close());

const lastAuditId = () => server.db.select({ latest: max(auditLog.id) }).from(auditLog);

describe('the access table: every API route, as guest, fan, artist and admin', () => {
  it('knows every route of the running app, and every admin path is admin-only', () => {
    expect(routes.length).toBeGreaterThan(30);
    const loose = routes.filter((route) => /^\/api\/admin\//.test(route.url) && route.access !== 'admin');
    expect(loose).toEqual([]);
  });

  it('keeps the admin-only routes outside /api/admin in the admin scope', () => {
    // Moving one of these out of the admin scope would still match its own declaration: pinned here.
    const ADMIN_ELSEWHERE = [
      'POST /api/categories',
      'PUT /api/categories/:id',
      'DELETE /api/categories/:id',
      'DELETE /api/songs/:id',
      'POST /api/songs/:id/copy',
      'GET /api/voting-settings',
      'PUT /api/voting-settings',
      'POST /api/voting-settings/reset',
      'GET /api/votes/song/:songId',
      'GET /api/online-users',
      'GET /api/online-users/stats',
      'POST /api/online-users/cleanup',
      'DELETE /api/online-users/:sessionId',
      'GET /api/ads',
      'POST /api/ads',
      'PUT /api/ads/:id',
      'DELETE /api/ads/:id',
      'PATCH /api/ads/:id/toggle',
      'GET /api/ads/:id/analytics',
      'GET /api/ads/public/analytics',
      'GET /api/ads/public/traffic',
      'GET /api/ads/public/traffic/export',
      'GET /api/auth/second-factor',
      'POST /api/auth/second-factor/setup',
      'POST /api/auth/second-factor/confirm',
      'POST /api/auth/second-factor/disable',
    ];
    const access = new Map(routes.map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(ADMIN_ELSEWHERE.map((route) => [route, access.get(route)])).toEqual(
      ADMIN_ELSEWHERE.map((route) => [route, 'admin']),
    );
  });

  it('answers each caller as the route declares, before validating anything they send (body, parameters, query)', async () => {
    const wrong: string[] = [];
    // Signing out ends the caller's session: walked last, so every other route sees live sessions.
    const walk = [...routes].sort(
      (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
    );
    for (const route of walk) {
      for (const caller of CALLERS) {
        const allowed = ALLOWED[route.access].includes(caller);
        const hasBody = !['GET', 'DELETE'].includes(route.method);
        const token = tokens[caller];
        const response = await fetch(`${server.baseUrl}${concretePath(route.url)}`, {
          method: route.method,
          // Social sign-in answers with redirects to the web app: the answer itself is what counts.
          redirect: 'manual',
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          // A body that no schema accepts: the guard must answer before validation does.
          body: hasBody ? JSON.stringify({ unexpected: true }) : undefined,
        });
        await response.arrayBuffer();
        const refused = response.status === 401 || response.status === 403;
        const expected = allowed ? 'not 401/403' : caller === 'guest' ? '401' : '403';
        const ok = allowed ? !refused : response.status === (caller === 'guest' ? 401 : 403);
        if (!ok)
          wrong.push(`${route.method} ${route.url} as ${caller}: ${response.status}, expected ${expected}`);
        if (response.status >= 500)
          wrong.push(`${route.method} ${route.url} as ${caller}: ${response.status}`);
        if (!allowed) {
          // Refused before the path parameters and the query are validated.
          const malformed = await fetch(`${server.baseUrl}${malformedPath(route.url)}`, {
            method: route.method,
            redirect: 'manual',
            headers: token ? { authorization: `Bearer ${token}` } : {},
          });
          await malformed.arrayBuffer();
          if (malformed.status !== (caller === 'guest' ? 401 : 403))
            wrong.push(
              `${route.method} ${route.url} as ${caller}, malformed: ${malformed.status}, expected ${expected}`,
            );
        }
        if (!allowed && hasBody) {
          // Refused before the body is read: broken JSON or another content type changes nothing.
          for (const [type, body] of [
            ['application/json', '{"broken'],
            ['text/xml', '<a/>'],
          ] as const) {
            const odd = await fetch(`${server.baseUrl}${concretePath(route.url)}`, {
              method: route.method,
              redirect: 'manual',
              headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': type },
              body,
            });
            await odd.arrayBuffer();
            if (odd.status !== (caller === 'guest' ? 401 : 403))
              wrong.push(
                `${route.method} ${route.url} as ${caller} with ${type}: ${odd.status}, expected ${expected}`,
              );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('the access table: every admin write is audited', () => {
  /** What an admin writes: every non-GET admin route, and the artist routes an admin uses as an admin. */
  const isAdminWrite = (route: DeclaredRoute) =>
    route.method !== 'GET' &&
    route.method !== 'HEAD' &&
    (route.access === 'admin' || (route.access === 'artist' && /^\/api\/songs(\/|$)/.test(route.url)));

  it('writes an audit entry by the admin for each one, in the same call', async () => {
    // A fresh admin: the walk above signed every caller out at its end.
    const admin = await signIn(server, 'admin');
    const writes = routes.filter(isAdminWrite).map((route) => `${route.method} ${route.url}`);
    expect(writes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const write of writes) {
      const perform = ADMIN_WRITES[write];
      if (!perform) {
        wrong.push(`${write}: no row in test/admin-writes.ts to perform it`);
        continue;
      }
      const latest = (await lastAuditId())[0]?.latest;
      const response = await perform({ server, token: admin.token });
      if (response.status >= 300) {
        wrong.push(`${write}: ${response.status} ${JSON.stringify(response.body)}`);
        continue;
      }
      const entries = await server.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(gt(auditLog.id, latest ?? 0), eq(auditLog.actorId, response.actorId ?? admin.user.id)));
      if (entries.length === 0) wrong.push(`${write}: no audit entry by the admin`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('declaring access', () => {
  /** Wrapped in an object: a Fastify instance is a thenable, and awaiting it would start it. */
  function appWith(register: (app: RouteApp) => unknown) {
    const app = Fastify() as unknown as RouteApp;
    app.decorateRequest('viewer', null);
    app.decorateRequest('sessionExpired', false);
    registerErrorHandling(app as never);
    registerAccessControl(app);
    // Not awaited: a failing registration must surface from ready(), as it does when the server starts.
    void register(app);
    return { app };
  }

  it('refuses to start with a route that declares no access', async () => {
    const { app } = appWith((api) => {
      api.get('/forgotten', async () => 'oops');
    });
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten declares no access/);
  });

  it('makes every route of the admin scope admin-only, and refuses one that declares otherwise', async () => {
    const { app: scoped } = appWith((api) =>
      registerAdminScope(api, (admin) => {
        admin.get('/admin/thing', async () => 'ok');
      }),
    );
    await scoped.ready();
    const response = await scoped.inject({ method: 'GET', url: '/admin/thing' });
    expect(response.statusCode).toBe(401);

    const { app: mixed } = appWith((api) =>
      registerAdminScope(api, (admin) => {
        admin.get('/admin/public', { config: { access: 'public' } }, async () => 'oops');
      }),
    );
    await expect(mixed.ready()).rejects.toThrow(/declares access 'public'/);
  });
});
