import {
  adminUserPageResponseSchema,
  adminUserResponseSchema,
  adminUsersQuerySchema,
  errorResponseSchema,
  idParamsSchema,
  MAX_BULK_USERS,
  USER_EXPORT_FILENAME,
  userBulkBodySchema,
  userBulkResponseSchema,
  userExportQuerySchema,
  userFilterOptionsQuerySchema,
  userFilterOptionsResponseSchema,
  userRoleBodySchema,
  userStatsResponseSchema,
  userStatusBodySchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { sendAudited, sendXlsx } from '../../lib/downloads';
import { ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { paginationOf } from '../../lib/pagination';
import {
  changeUserRole,
  endSessionsOfUser,
  getFilterOptions,
  getUserStats,
  listUsers,
  setUserActive,
  type UsersAdminDependencies,
} from './admin-service';
import { bulkUserAction } from './bulk-service';
import { exportFilters, recordUsersExport, USER_EXPORT_COLUMNS, userExportRows } from './export';

const tags = ['admin: users'];
const security = [{ bearer: [] }];
/** The refusals every action on one user may answer, documented once. */
const actionErrors = { 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** User management (the admin spec's "User management"); registered inside the admin scope (lib/access.ts). */
export function registerUserAdminRoutes(app: RouteApp, deps: UsersAdminDependencies) {
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        security,
        summary: 'List users',
        description:
          'Every user, 20 a page, newest first; `sort` is createdAt (default), name, email, role, country or lastLogin, `order` desc (default) or asc. Filters: role (all|fan|artist|admin), country and state (exact), search (part of the name or e-mail, ignoring case).',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageResponseSchema },
      },
    },
    async (request) => {
      const { users, total } = await listUsers(deps, request.query);
      return page(users, paginationOf(request.query, total));
    },
  );

  app.get(
    '/admin/users/stats',
    {
      schema: {
        tags,
        security,
        summary: 'User stats',
        description:
          'The tiles of the users screen: total, artiste (accounts with the artist role), active (not deactivated), newThisMonth (registered since the first of this month, UTC).',
        response: { 200: userStatsResponseSchema },
      },
    },
    async () => ok(await getUserStats(deps)),
  );

  app.get(
    '/admin/users/filters',
    {
      schema: {
        tags,
        security,
        summary: 'Filter options',
        description:
          'The countries and states users registered with, distinct and sorted; with `country`, only that country’s states. `countryCodes` maps each known country to its ISO 3166-1 code.',
        querystring: userFilterOptionsQuerySchema,
        response: { 200: userFilterOptionsResponseSchema },
      },
    },
    async (request) => ok(await getFilterOptions(deps, request.query.country)),
  );

  app.patch(
    '/admin/users/:id/status',
    {
      schema: {
        tags,
        security,
        summary: 'Deactivate or reactivate a user',
        description:
          'isActive=false deactivates the account: every session ends at once on every instance, sign-in and votes are refused. isActive=true reactivates it. Audited with before and after. 403 CANNOT_CHANGE_OWN_ACCOUNT for yourself, 409 LAST_ADMIN for the last active admin, 404 USER_NOT_FOUND.',
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: adminUserResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const result = await setUserActive(deps, adminActor(request), request.params.id, request.body.isActive);
      return ok(result.user, successMessage(request, reply, result.messageKey));
    },
  );

  app.patch(
    '/admin/users/:id/role',
    {
      schema: {
        tags,
        security,
        summary: 'Change a user’s role',
        description:
          'Gives the user the role fan, artist or admin; it applies from their next request. Audited with before and after. 403 CANNOT_CHANGE_OWN_ACCOUNT for your own role, 409 LAST_ADMIN when demoting the last active admin, 404 USER_NOT_FOUND.',
        params: idParamsSchema,
        body: userRoleBodySchema,
        response: { 200: adminUserResponseSchema, ...actionErrors },
      },
    },
    async (request, reply) => {
      const result = await changeUserRole(deps, adminActor(request), request.params.id, request.body.role);
      return ok(result.user, successMessage(request, reply, result.messageKey));
    },
  );

  app.delete(
    '/admin/users/:id/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'End all sessions of a user',
        description:
          'Signs the user out everywhere, at once on every instance; the account stays active. Your own: every session but the one you are using. Audited. 404 USER_NOT_FOUND.',
        params: idParamsSchema,
        response: { 200: adminUserResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await endSessionsOfUser(deps, adminActor(request), request.params.id, request.sessionId);
      return ok(result.user, successMessage(request, reply, result.messageKey));
    },
  );

  app.post(
    '/admin/users/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'One action on several users',
        description: `action deactivate, reactivate or endSessions on up to ${MAX_BULK_USERS} userIds, in one transaction; each user changed is audited (one entry each, marked bulk). Answers each user's result: done, unchanged (already so), or skipped with the code the one-user action refuses with (USER_NOT_FOUND, ACCOUNT_ERASED, and for deactivate CANNOT_CHANGE_OWN_ACCOUNT and LAST_ADMIN). Ending your own sessions keeps the one you are using.`,
        body: userBulkBodySchema,
        response: { 200: userBulkResponseSchema },
      },
    },
    async (request) => ok(await bulkUserAction(deps, adminActor(request), request.body, request.sessionId)),
  );

  app.get(
    '/admin/export/users',
    {
      schema: {
        tags,
        security,
        summary: 'Export users to Excel',
        description: `Every user matching the list's filters (role, country, state, search), newest first, as ${USER_EXPORT_FILENAME}: Name, Email, Role, Country, State, Status, Email verified, Bio, Registered, Last login. Streamed from the database; cells that would start a formula are neutralised. Audited (users.exported) with the row count, the filters and the file's SHA-256. format must be excel.`,
        querystring: userExportQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const actor = adminActor(request);
      const filters = exportFilters(request.query);
      const recordExport = (details: Record<string, unknown>) =>
        recordUsersExport(deps.db, actor, { format: request.query.format, filters, ...details });
      // Recorded before the first byte leaves: whatever happens next, the export of personal data is known.
      await recordExport({ stage: 'started' });
      // A cancelled download still sent personal data: audited too, with what had been written.
      await sendAudited(
        () =>
          sendXlsx(reply, {
            filename: USER_EXPORT_FILENAME,
            sheetName: 'Users',
            columns: USER_EXPORT_COLUMNS,
            rows: userExportRows(deps.db, filters),
          }),
        recordExport,
      );
      return reply;
    },
  );
}
