import {
  adminCategoriesQuerySchema,
  adminCategoryPageResponseSchema,
  categoryDeleteResponseSchema,
  categoryInputSchema,
  categoryStatsResponseSchema,
  categoryWriteResponseSchema,
  idParamsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { done, ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { paginationOf } from '../../lib/pagination';
import { type ResponseCache, refreshPublicPages } from '../../lib/response-cache';
import {
  type CategoryAdminDependencies,
  createCategory,
  deleteCategory,
  getCategoryStats,
  updateCategory,
} from './admin-service';
import { listAdminCategories } from './service';

const tags = ['admin', 'categories'];
const security = [{ bearer: [] }];

/**
 * Category management (the admin spec's "Category management"): the sorted list, stats, create, update, delete.
 * Registered inside the admin scope (lib/access.ts): admins only, checked there once. The public
 * GET /categories and GET /categories/{id} stay in the catalog routes.
 */
export function registerCategoryAdminRoutes(
  app: RouteApp,
  deps: CategoryAdminDependencies & { cache: ResponseCache },
) {
  app.get(
    '/admin/categories',
    {
      schema: {
        tags,
        security,
        summary: 'List categories',
        description:
          "Categories, 20 a page, with song counts and vote totals; `sort` is sortOrder (default, then the name), name, songCount or totalVotes, `order` asc (default) or desc; search in every language's name.",
        querystring: adminCategoriesQuerySchema,
        response: { 200: adminCategoryPageResponseSchema },
      },
    },
    async (request) => {
      const viewer = { role: 'admin' as const, id: adminActor(request).id, emailVerified: true };
      const { categories, total } = await listAdminCategories(deps.db, request.query, viewer);
      return page(categories, paginationOf(request.query, total));
    },
  );

  app.get(
    '/admin/categories/stats',
    { schema: { tags, security, response: { 200: categoryStatsResponseSchema } } },
    async () => ok(await getCategoryStats(deps.db)),
  );

  app.post(
    '/categories',
    {
      schema: {
        tags,
        security,
        body: categoryInputSchema,
        response: { 201: categoryWriteResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await createCategory(deps, request.body, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return reply.status(201).send(ok(data, successMessage(request, reply, 'categoryCreated')));
    },
  );

  app.put(
    '/categories/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: categoryInputSchema,
        response: { 200: categoryWriteResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await updateCategory(deps, request.params.id, request.body, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return ok(data, successMessage(request, reply, 'categoryUpdated'));
    },
  );

  app.delete(
    '/categories/:id',
    {
      schema: { tags, security, params: idParamsSchema, response: { 200: categoryDeleteResponseSchema } },
    },
    async (request, reply) => {
      await deleteCategory(deps, request.params.id, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return done(successMessage(request, reply, 'categoryDeleted'));
    },
  );
}
