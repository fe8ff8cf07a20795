import {
  adAnalyticsResponseSchema,
  adFieldsSchema,
  adMessageResponseSchema,
  adminAdListResponseSchema,
  adminAdResponseSchema,
  adminAdsQuerySchema,
  adUpdateFieldsSchema,
  errorResponseSchema,
  idParamsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { successMessage } from '../../lib/language';
import { type PictureField, readImageForm } from '../uploads/image-form';
import {
  type AdsDependencies,
  adAnalytics,
  createAd,
  deleteAd,
  listAdminAds,
  toggleAd,
  updateAd,
} from './service';

export type { AdsDependencies } from './service';

const tags = ['admin: ads'];
const security = [{ bearer: [] }];
const writeErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema };

/** An ad form's picture: the `image` file, a 5 MB+ one answered with the ads screen's message. */
const AD_PICTURE: PictureField = { field: 'image', tooLarge: 'adFileTooLarge' };

/**
 * Ad management (spec 2 "Ad management"): GET /ads, POST /ads, PUT /ads/:id, DELETE /ads/:id,
 * PATCH /ads/:id/toggle, GET /ads/:id/analytics. Registered inside the admin scope (lib/access.ts): admins
 * only, checked there once, before anything is read. Every write is audited with the change and then
 * drops what every instance cached about ads (the serving choice, the public settings' locations).
 */
export function registerAdAdminRoutes(app: RouteApp, deps: AdsDependencies) {
  app.get(
    '/ads',
    {
      schema: {
        tags,
        security,
        querystring: adminAdsQuerySchema,
        response: { 200: adminAdListResponseSchema },
      },
    },
    async (request) => {
      const { ads, pagination } = await listAdminAds(deps, request.query);
      return { success: true as const, data: { ads }, pagination };
    },
  );

  app.post(
    '/ads',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 201: adminAdResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const form = await readImageForm(request, adFieldsSchema, AD_PICTURE);
      const data = await createAd(deps, form.fields, form.image, adminActor(request));
      return reply
        .status(201)
        .send({ success: true as const, message: successMessage(request, reply, 'adCreated'), data });
    },
  );

  app.put(
    '/ads/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: adminAdResponseSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const form = await readImageForm(request, adUpdateFieldsSchema, AD_PICTURE);
      const data = await updateAd(
        deps,
        request.params.id,
        form.fields,
        form.image,
        adminActor(request),
        request.log,
      );
      return { success: true as const, message: successMessage(request, reply, 'adUpdated'), data };
    },
  );

  app.delete(
    '/ads/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: adMessageResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await deleteAd(deps, request.params.id, adminActor(request), request.log);
      return { success: true as const, message: successMessage(request, reply, 'adDeleted') };
    },
  );

  app.patch(
    '/ads/:id/toggle',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: adminAdResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await toggleAd(deps, request.params.id, adminActor(request));
      const key = data.isActive ? 'adActivated' : 'adDeactivated';
      return { success: true as const, message: successMessage(request, reply, key), data };
    },
  );

  app.get(
    '/ads/:id/analytics',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: adAnalyticsResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await adAnalytics(deps, request.params.id) }),
  );
}
