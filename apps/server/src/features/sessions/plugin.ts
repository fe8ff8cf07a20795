import type { FastifyRequest } from 'fastify';
import type { AppContext, RouteApp } from '../../app-context';
import { resolveSession } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    sessionId: string | null;
    /** True when the request carried a token whose session just ended for inactivity. */
    sessionExpired: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length < 200 ? token : undefined;
}

/** Sets request.viewer from the bearer token before any route runs. */
export function registerSessionResolution(app: RouteApp, context: AppContext) {
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpired', false);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const lookup = await resolveSession(context.database.db, context.clock, token, request.ip);
    if (lookup.status === 'valid') {
      request.viewer = lookup.viewer;
      request.sessionId = lookup.sessionId;
    } else if (lookup.status === 'expired') {
      request.sessionExpired = true;
    }
  });
}
