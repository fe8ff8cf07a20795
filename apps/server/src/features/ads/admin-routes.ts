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
import { done, ok, pageUnder } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { readMultipartForm } from '../../lib/multipart';
import { paginationOf } from '../../lib/pagination';
import { pictureForm } from '../images/picture-service';
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

/**
 * Ad management (the admin spec's "Ad management"): GET /ads, POST /ads, PUT /ads/:id, DELETE /ads/:id,
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
      const { ads, total } = await listAdminAds(deps, request.query);
      // Under `data.ads`, not `data`: where the spec's client reads this list.
      return pageUnder('ads', ads, paginationOf(request.query, total));
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
      const form = await readMultipartForm(request, pictureForm('ad'), adFieldsSchema);
      const data = await createAd(deps, form.fields, form.file, adminActor(request));
      return reply.status(201).send(ok(data, successMessage(request, reply, 'adCreated')));
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
      const form = await readMultipartForm(request, pictureForm('ad'), adUpdateFieldsSchema);
      const data = await updateAd(
        deps,
        request.params.id,
        form.fields,
        form.file,
        adminActor(request),
        request.log,
      );
      return ok(data, successMessage(request, reply, 'adUpdated'));
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
      return done(successMessage(request, reply, 'adDeleted'));
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
      return ok(data, successMessage(request, reply, key));
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
    async (request) => ok(await adAnalytics(deps, request.params.id)),
  );
}
