import {
  errorResponseSchema,
  messageEnvelopeSchema,
  onlineCleanupResponseSchema,
  onlineSessionPageResponseSchema,
  onlineSessionParamsSchema,
  onlineStatsResponseSchema,
  onlineUsersQuerySchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { done, ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { paginationOf } from '../../lib/pagination';
import type { OnlineUsers } from './service';

const tags = ['admin: online users'];
const security = [{ bearer: [] }];

/** GET /online-users, GET /online-users/stats, POST /online-users/cleanup, DELETE /online-users/{sessionId}. */
export function registerOnlineUserAdminRoutes(app: RouteApp, onlineUsers: OnlineUsers) {
  app.get(
    '/online-users',
    {
      schema: {
        tags,
        security,
        summary: 'List the people online',
        description:
          'People online now, each once however many tabs or devices: users with a session not ended and active within the last 5 minutes (the web app sends a heartbeat every 60 s while its tab is visible). Each row is the person’s most recent online session (`_id`, device, location, times) with `sessions`, how many they have online. Most recent activity first (`order=asc` for the oldest), 20 a page; `role` (all|admin|artist|fan) and `search` (part of the name or e-mail) filter. `location` is the ISO country code from the trusted proxy’s COUNTRY_HEADER at sign-in (only with TRUST_PROXY), else the profile country, else null; `current` marks the caller (one of their sessions is the one asking). `pagination.total` (people) is exact when the page is not full; otherwise, without a search, it is the per-minute summary’s count (as the stats), so no call counts every online session.',
        querystring: onlineUsersQuerySchema,
        response: { 200: onlineSessionPageResponseSchema },
      },
    },
    async (request) => {
      const { sessions, total } = await onlineUsers.list(request.query, request.sessionId);
      return page(sessions, paginationOf(request.query, total));
    },
  );

  app.get(
    '/online-users/stats',
    {
      schema: {
        tags,
        security,
        summary: 'Online stats',
        description:
          'currentOnline (people online now, each once) and onlineSessions (their sessions), recentActivity and uniqueUsers (sessions and distinct users active in the last 24 h), and the people online by country code (`unknown` when none), role and device type (a person on two devices counts under each). A summary computed at most once a minute for the whole deployment (shared through Redis when REDIS_URL is set; `computedAt` says when): an older one (or one older than a Cleanup or Remove) is answered at once while one refresh runs behind it; one over 10 minutes old is recomputed, by one instance while the others wait for it.',
        response: { 200: onlineStatsResponseSchema },
      },
    },
    async () => ok(await onlineUsers.stats()),
  );

  app.post(
    '/online-users/cleanup',
    {
      schema: {
        tags,
        security,
        summary: 'Clean up inactive sessions',
        description:
          'Ends every session idle longer than the inactivity limit (30 minutes), as its next request would; `ended` is how many sessions, `users` of how many people. Audited with both; the stats summary is refreshed in the background.',
        response: { 200: onlineCleanupResponseSchema },
      },
    },
    async (request, reply) =>
      ok(
        await onlineUsers.cleanup(adminActor(request)),
        successMessage(request, reply, 'inactiveUsersCleanedUp'),
      ),
  );

  app.delete(
    '/online-users/:sessionId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a user from online status',
        description:
          'Takes that session’s user off online status: ends every session they have (all tabs and devices; the caller’s own is kept) for real, so their next request is refused (401) on every instance. Audited with the user and the number ended; the stats summary is refreshed in the background. 404 SESSION_NOT_FOUND for an unknown or already ended session; 409 CANNOT_END_OWN_SESSION for the session making the call (use Logout).',
        params: onlineSessionParamsSchema,
        response: { 200: messageEnvelopeSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await onlineUsers.remove(adminActor(request), request.params.sessionId, request.sessionId);
      return done(successMessage(request, reply, 'onlineUserRemoved'));
    },
  );
}
