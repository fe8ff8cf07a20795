import {
  adminBannerListResponseSchema,
  adminBannerResponseSchema,
  bannerDeleteResponseSchema,
  bannerFieldsSchema,
  bannerOrderBodySchema,
  bannerUpdateFieldsSchema,
  errorResponseSchema,
  idParamsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { done, ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { readMultipartForm } from '../../lib/multipart';
import { refreshPublicPages } from '../../lib/response-cache';
import { pictureForm } from '../images/picture-service';
import {
  type BannersDependencies,
  createBanner,
  deleteBanner,
  listAdminBanners,
  reorderBanners,
  updateBanner,
} from './service';

export type { BannersDependencies } from './service';

const tags = ['admin: banners'];
const security = [{ bearer: [] }];
const writeErrors = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
};

/**
 * Banner management (the admin spec's "Banner management"): list, upload, edit, reorder, delete. Every write is
 * audited and drops the public response cache on every instance, so the home slideshow follows at once.
 * Registered inside the admin scope (lib/access.ts): admins only, checked there once.
 */
export function registerBannerAdminRoutes(app: RouteApp, deps: BannersDependencies) {
  app.get(
    '/admin/banners',
    { schema: { tags, security, response: { 200: adminBannerListResponseSchema } } },
    async () => ok(await listAdminBanners(deps)),
  );

  app.post(
    '/admin/banners',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 201: adminBannerResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, pictureForm('banner'), bannerFieldsSchema);
      const data = await createBanner(deps, form.fields, form.file, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return reply.status(201).send(ok(data, successMessage(request, reply, 'bannerUploaded')));
    },
  );

  // Declared before /admin/banners/:id (a static segment wins anyway; this keeps the reading order).
  app.put(
    '/admin/banners/order',
    {
      schema: {
        tags,
        security,
        body: bannerOrderBodySchema,
        response: { 200: adminBannerListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await reorderBanners(deps, request.body.ids, adminActor(request));
      await refreshPublicPages(deps.cache, request.log);
      return ok(data, successMessage(request, reply, 'bannersReordered'));
    },
  );

  app.put(
    '/admin/banners/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: adminBannerResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, pictureForm('banner'), bannerUpdateFieldsSchema);
      const data = await updateBanner(
        deps,
        request.params.id,
        form.fields,
        form.file,
        adminActor(request),
        request.log,
      );
      await refreshPublicPages(deps.cache, request.log);
      return ok(data, successMessage(request, reply, 'bannerUpdated'));
    },
  );

  app.delete(
    '/admin/banners/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: bannerDeleteResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteBanner(deps, request.params.id, adminActor(request), request.log);
      await refreshPublicPages(deps.cache, request.log);
      return done(successMessage(request, reply, 'bannerDeleted'));
    },
  );
}
