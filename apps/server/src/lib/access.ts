import type { ErrorCode, Role } from '@ovation/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { RouteApp } from '../app-context';
import { Forbidden, Unauthorized } from './errors';
import type { Viewer } from './viewer';

/**
 * Who may call a route. Every route under /api declares one; the app refuses to start with a route that
 * does not, so a new route cannot ship unguarded by accident.
 * - public: anyone, guests included (the service may still shape the answer by viewer).
 * - signedIn: any signed-in user.
 * - fan: fans only, refused in the voting rules' own words (the public spec).
 * - artist: artists and admins (uploads, the artist dashboard); services check ownership.
 * - admin: admins only; declared by registering the route inside `registerAdminScope`.
 */
export const ACCESS_LEVELS = ['public', 'signedIn', 'fan', 'artist', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The 401 code when a guest calls, where the spec words it its own way ('Please login to vote'). */
    unauthorizedCode?: ErrorCode;
  }
}

interface AccessRule {
  roles: readonly Role[] | null;
  unauthorized: ErrorCode;
  forbidden: ErrorCode;
}

const RULES: Record<Exclude<Access, 'public'>, AccessRule> = {
  signedIn: { roles: null, unauthorized: 'UNAUTHORIZED', forbidden: 'FORBIDDEN' },
  fan: { roles: ['fan'], unauthorized: 'LOGIN_TO_VOTE', forbidden: 'ONLY_FANS_CAN_VOTE' },
  artist: { roles: ['artist', 'admin'], unauthorized: 'UNAUTHORIZED', forbidden: 'FORBIDDEN' },
  admin: { roles: ['admin'], unauthorized: 'UNAUTHORIZED', forbidden: 'ADMIN_ONLY' },
};

/** Every route the app registered with its declared access: what the access table test walks. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
}

/**
 * Installs the one guard of the API. Call it after the session resolution hook. Answers the list of
 * declared routes, filled as routes are registered.
 */
export function registerAccessControl(app: RouteApp): DeclaredRoute[] {
  const registered: RouteOptions[] = [];
  const declared: DeclaredRoute[] = [];
  // Child scopes' onRoute hooks (the admin scope's) run after this one, so the check waits for ready.
  app.addHook('onRoute', (route) => {
    registered.push(route);
  });
  app.addHook('onReady', async () => {
    for (const route of registered) {
      const access = route.config?.access;
      if (!access || !ACCESS_LEVELS.includes(access)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
      }
      for (const method of methodsOf(route)) declared.push({ method, url: route.url, access });
    }
  });
  // onRequest, before the body is even read: a guest gets 401 and a fan 403 whatever they send (bad
  // JSON, another content type, a body of megabytes), and no work is done for them. Registered after the
  // session resolution (an onRequest hook too), so the viewer is known.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access && access !== 'public')
      enforce(request, RULES[access], request.routeOptions.config.unauthorizedCode);
  });
  return declared;
}

function enforce(request: FastifyRequest, rule: AccessRule, unauthorizedCode?: ErrorCode) {
  const viewer = request.viewer;
  if (!viewer) {
    throw Unauthorized(request.sessionExpired ? 'SESSION_EXPIRED' : (unauthorizedCode ?? rule.unauthorized));
  }
  if (rule.roles && !rule.roles.includes(viewer.role)) throw Forbidden(rule.forbidden);
}

/**
 * The admin scope: every route registered inside `register` is admin-only. It is declared here, once,
 * instead of on each route; a route inside that declares another access is a mistake and stops the app.
 */
export function registerAdminScope(app: RouteApp, register: (scope: RouteApp) => void | Promise<void>) {
  return app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRoute', (route) => {
      if (route.config?.access && route.config.access !== 'admin') {
        throw new Error(`Admin-scope route ${route.url} declares access '${route.config.access}'`);
      }
      // Mutated in place: the access control above holds this same object.
      route.config ??= {};
      route.config.access = 'admin';
    });
    await register(scope as unknown as RouteApp);
  });
}

/** The signed-in viewer of a route whose access already guaranteed one (signedIn, fan, artist, admin). */
export function signedInViewer(request: FastifyRequest): NonNullable<Viewer> {
  if (!request.viewer) throw Unauthorized();
  return request.viewer;
}

/** The admin calling an admin-scope route, with the IP the audit log records. */
export function adminActor(request: FastifyRequest): { id: string; ip: string } {
  return { id: signedInViewer(request).id, ip: request.ip };
}
