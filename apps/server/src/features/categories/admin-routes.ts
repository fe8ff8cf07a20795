import {
  categoryDeleteResponseSchema,
  categoryInputSchema,
  categoryStatsResponseSchema,
  categoryWriteResponseSchema,
  idParamsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { type ResponseCache, refreshPublicPages } from '../../lib/response-cache';
import {
  type CategoryAdminDependencies,
  createCategory,
  deleteCategory,
  getCategoryStats,
  updateCategory,
} from './admin-service';

const tags = ['admin', 'categories'];
const security = [{ bearer: [] }];

/**
 * Category management (spec 2 "Category management", section 7): stats, create, update, delete.
 * Registered inside the admin scope (lib/access.ts): admins only, checked there once. The public
 * GET /categories and GET /categories/{id} stay in the catalog routes.
 */
export function registerCategoryAdminRoutes(
  app: RouteApp,
  deps: CategoryAdminDependencies & { cache: ResponseCache },
) {
  app.get(
    '/admin/categories/stats',
    { schema: { tags, security, response: { 200: categoryStatsResponseSchema } } },
    async () => ({ success: true as const, data: await getCategoryStats(deps.db) }),
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
      return reply
        .status(201)
        .send({ success: true as const, data, message: 'Category created successfully' });
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
    async (request) => {
      const data = await updateCategory(deps, request.params.id, request.body, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return { success: true as const, data, message: 'Category updated successfully' };
    },
  );

  app.delete(
    '/categories/:id',
    {
      schema: { tags, security, params: idParamsSchema, response: { 200: categoryDeleteResponseSchema } },
    },
    async (request) => {
      await deleteCategory(deps, request.params.id, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return { success: true as const, message: 'Category deleted successfully' };
    },
  );
}
