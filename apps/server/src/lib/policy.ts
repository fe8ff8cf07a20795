import type { Role } from '@ovation/shared';
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from './errors';

/** The signed-in viewer, or 401 (SESSION_EXPIRED when the session just ended for inactivity). */
export function requireViewer(request: FastifyRequest) {
  if (!request.viewer) throw Unauthorized(request.sessionExpired ? 'SESSION_EXPIRED' : 'UNAUTHORIZED');
  return request.viewer;
}

/** The signed-in viewer if their role is allowed; 401 without a session, 403 with a wrong role. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]) {
  const viewer = requireViewer(request);
  if (!roles.includes(viewer.role))
    throw Forbidden(roles.length === 1 && roles[0] === 'admin' ? 'ADMIN_ONLY' : 'FORBIDDEN');
  return viewer;
}

/**
 * A route's preValidation hook for admin-only calls: it runs before the body is validated, so a guest
 * gets 401 and a fan 403 whatever they send.
 */
export async function adminOnly(request: FastifyRequest) {
  requireRole(request, ['admin']);
}
