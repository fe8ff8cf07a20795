import {
  adminImageListResponseSchema,
  adminImagesQuerySchema,
  adminImageUploadResponseSchema,
  errorResponseSchema,
  imageDeleteQuerySchema,
  imageDeleteResponseSchema,
  imageInUseResponseSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import { done, ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { readMultipart } from '../../lib/multipart';
import { paginationOf } from '../../lib/pagination';
import { refreshPublicPages } from '../../lib/response-cache';
import { pictureForm } from './picture-service';
import { deleteImage, type ImagesDependencies, listImages, uploadImage } from './service';

export type { ImagesDependencies } from './service';

const tags = ['admin: images'];
const security = [{ bearer: [] }];

/**
 * The image library (the admin spec's "Image management"): list, upload, delete. Registered inside the admin scope
 * (lib/access.ts): admins only, checked there once, before any body is read.
 */
export function registerImageAdminRoutes(app: RouteApp, deps: ImagesDependencies) {
  app.get(
    '/admin/images',
    {
      schema: {
        tags,
        security,
        description:
          'Library images, 20 a page, newest first (`order=asc` for oldest), each with what uses it. `search` matches the file name or the name the file had when uploaded, ignoring case. `source` library (default), banner, ad (the pictures uploaded with a banner or an ad) or all.',
        querystring: adminImagesQuerySchema,
        response: { 200: adminImageListResponseSchema },
      },
    },
    async (request) => {
      const { images, total } = await listImages(deps, request.query);
      return page(images, paginationOf(request.query, total));
    },
  );

  app.post(
    '/admin/images/upload',
    {
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 201: adminImageUploadResponseSchema, 400: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const form = await readMultipart(request, pictureForm('library'));
      const data = await uploadImage(deps, form.file, adminActor(request));
      return reply.status(201).send(ok(data, successMessage(request, reply, 'imageUploaded')));
    },
  );

  // A wildcard, so that a name with slashes in it (`../x.webp`) reaches the filename check and is
  // answered 400 INVALID_FILENAME, rather than falling through to "no such route".
  app.delete(
    '/admin/images/*',
    {
      schema: {
        tags,
        security,
        description:
          'Deletes a library image and its files. An image in use (banner, ad, song cover) is refused: 409 IMAGE_IN_USE with `usage` and its `usageToken`. `confirm=<usageToken>` deletes it anyway while what uses it is still that (else 409 again, with the new usage and token); what used it loses its picture. An unused image needs no confirm.',
        querystring: imageDeleteQuerySchema,
        response: {
          200: imageDeleteResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: imageInUseResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const filename = (request.params as { '*': string })['*'];
      const { confirm } = request.query;
      const { usage } = await deleteImage(deps, filename, confirm, adminActor(request), request.log);
      if (usage.length > 0) await refreshPublicPages(deps.cache, request.log);
      return done(successMessage(request, reply, 'imageDeleted'));
    },
  );
}
