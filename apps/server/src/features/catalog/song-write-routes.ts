import {
  artistSongsResponseSchema,
  artistStatsResponseSchema,
  copySongBodySchema,
  createSongResponseSchema,
  idParamsSchema,
  messageEnvelopeSchema,
  songFieldsSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import { parseOrThrow } from '../../lib/validation';
import { readMultipartForm } from '../uploads/multipart';
import { getArtistStats, listArtistSongs } from './artist-service';
import type { CatalogDependencies } from './service';
import * as songWrites from './song-write-service';

const tags = ['songs'];
const security = [{ bearer: [] }];

export function registerSongWriteRoutes(app: RouteApp, deps: CatalogDependencies) {
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
      const form = await readMultipartForm(request);
      const fields = parseOrThrow(songFieldsSchema, form.fields);
      const song = await songWrites.createSong(deps, viewer, fields, form.image);
      reply.status(201);
      return {
        success: true as const,
        message:
          song.status === 'approved'
            ? 'Song uploaded successfully'
            : 'Song uploaded successfully and is awaiting approval',
        data: song,
      };
    },
  );

  app.get(
    '/songs/artist/me',
    {
      config: { access: 'artist' },
      schema: { tags, security, response: { 200: artistSongsResponseSchema } },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      return { success: true as const, data: await listArtistSongs(deps, viewer) };
    },
  );

  app.get(
    '/users/me/stats',
    {
      config: { access: 'artist' },
      schema: { tags, security, response: { 200: artistStatsResponseSchema } },
    },
    async (request) => {
      const viewer = signedInViewer(request);
      return { success: true as const, data: await getArtistStats(deps, viewer) };
    },
  );
}

/** Copying and deleting any song: admins only, inside the admin scope (lib/access.ts). */
export function registerSongWriteAdminRoutes(app: RouteApp, deps: CatalogDependencies) {
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
      const song = await songWrites.copySong(deps, viewer, request.params.id, request.body.targetCategoryId);
      reply.status(201);
      return { success: true as const, message: 'Song copied successfully', data: song };
    },
  );

  app.delete(
    '/songs/:id',
    { schema: { tags, security, params: idParamsSchema, response: { 200: messageEnvelopeSchema } } },
    async (request) => {
      await songWrites.deleteSong(deps, request.params.id);
      return { success: true as const, message: 'Song deleted successfully' };
    },
  );
}
