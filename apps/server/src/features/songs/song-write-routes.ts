import {
  adminSongResponseSchema,
  copySongBodySchema,
  createSongResponseSchema,
  idParamsSchema,
  messageEnvelopeSchema,
  songEditFieldsSchema,
  songFieldsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor, signedInViewer } from '../../lib/access';
import { done, ok } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { readMultipartForm } from '../../lib/multipart';
import { pictureForm } from '../images/picture-service';
import type { SongsDependencies } from './admin-service';
import { editSong } from './song-edit-service';
import * as songWrites from './song-write-service';

const tags = ['songs'];
const security = [{ bearer: [] }];

export function registerSongWriteRoutes(app: RouteApp, deps: SongsDependencies) {
  app.post(
    '/songs',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: image (JPEG, PNG, GIF or WebP, at most 5 MB), title, artist, category, songLink, description, duration, releaseDate, tags',
        response: { 201: createSongResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const form = await readMultipartForm(request, pictureForm('cover'), songFieldsSchema);
      const song = await songWrites.createSong(
        deps,
        viewer,
        { id: viewer.id, ip: request.ip },
        form.fields,
        form.file,
      );
      reply.status(201);
      const key = song.status === 'approved' ? 'songUploaded' : 'songUploadedPending';
      return ok(song, successMessage(request, reply, key));
    },
  );

  app.put(
    '/songs/:id',
    {
      config: { access: 'artist' },
      schema: {
        tags,
        security,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        description:
          'Multipart: title, artist, songLink, description, albumCover (a new image file of at most 5 MB, an http(s) link, or the current value) and expectedUpdatedAt (the updatedAt the editor opened: 409 SONG_EDIT_CONFLICT if the song changed since). Admins edit any song; an artist only their own pending song (403 SONG_NOT_EDITABLE).',
        response: { 200: adminSongResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      // Who may edit the song is settled before the body is read: someone else's song is 403 whatever it holds.
      await songWrites.assertMayEditSong(deps, viewer, request.params.id);
      const form = await readMultipartForm(request, pictureForm('cover'), songEditFieldsSchema);
      const song = await editSong(
        deps,
        viewer,
        { id: viewer.id, ip: request.ip },
        request.params.id,
        form.fields,
        form.file,
        request.log,
      );
      return ok(song, successMessage(request, reply, 'songUpdated'));
    },
  );
}

/** Copying and deleting any song: admins only, inside the admin scope (lib/access.ts). */
export function registerSongWriteAdminRoutes(app: RouteApp, deps: SongsDependencies) {
  app.post(
    '/songs/:id/copy',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: copySongBodySchema,
        response: { 201: createSongResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = signedInViewer(request);
      const song = await songWrites.copySong(
        deps,
        viewer,
        adminActor(request),
        request.params.id,
        request.body.targetCategoryId,
      );
      reply.status(201);
      return ok(song, successMessage(request, reply, 'songCopied'));
    },
  );

  app.delete(
    '/songs/:id',
    { schema: { tags, security, params: idParamsSchema, response: { 200: messageEnvelopeSchema } } },
    async (request, reply) => {
      await songWrites.deleteSong(deps, adminActor(request), request.params.id, request.log);
      return done(successMessage(request, reply, 'songDeleted'));
    },
  );
}
