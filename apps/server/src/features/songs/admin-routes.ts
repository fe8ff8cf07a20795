import {
  adminSongListResponseSchema,
  adminSongPageResponseSchema,
  adminSongResponseSchema,
  adminSongsQuerySchema,
  idParamsSchema,
  pendingSongsQuerySchema,
  songStatsResponseSchema,
  verifySongBodySchema,
  verifySongsBodySchema,
  verifySongsResponseSchema,
} from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { adminActor } from '../../lib/access';
import {
  getSongStats,
  listAdminSongs,
  listPendingSongs,
  type SongsDependencies,
  verifySong,
  verifySongs,
} from './admin-service';

const tags = ['admin'];
const security = [{ bearer: [] }];

function moderatedMessage(status: 'approved' | 'rejected', count: number) {
  if (count === 1) return status === 'approved' ? 'Song approved successfully' : 'Song rejected successfully';
  return `${count} songs ${status} successfully`;
}

/** Song moderation (spec 2 "Song moderation"); registered inside the admin scope (lib/access.ts). */
export function registerSongAdminRoutes(app: RouteApp, deps: SongsDependencies) {
  app.get(
    '/admin/songs',
    {
      schema: {
        tags,
        security,
        description:
          'Every song, 20 a page, newest first; status all|pending|approved|rejected; search matches title, artist and category (any language), ignoring accents and case',
        querystring: adminSongsQuerySchema,
        response: { 200: adminSongPageResponseSchema },
      },
    },
    async (request) => listAdminSongs(deps, request.query),
  );

  app.get(
    '/admin/songs/pending',
    {
      schema: {
        tags,
        security,
        description: 'The newest songs awaiting review (5 unless `limit` says otherwise)',
        querystring: pendingSongsQuerySchema,
        response: { 200: adminSongListResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await listPendingSongs(deps, request.query.limit) }),
  );

  app.get(
    '/admin/songs/stats',
    { schema: { tags, security, response: { 200: songStatsResponseSchema } } },
    async () => ({ success: true as const, data: await getSongStats(deps) }),
  );

  app.put(
    '/admin/songs/:id/verify',
    {
      schema: {
        tags,
        security,
        description:
          'Approves or rejects a pending song. 409 SONG_ALREADY_MODERATED (with `currentStatus`) when it is no longer pending.',
        params: idParamsSchema,
        body: verifySongBodySchema,
        response: { 200: adminSongResponseSchema },
      },
    },
    async (request) => {
      const song = await verifySong(deps, adminActor(request), request.params.id, request.body);
      return {
        success: true as const,
        message: moderatedMessage(song.status as 'approved' | 'rejected', 1),
        data: song,
      };
    },
  );

  app.put(
    '/admin/songs/verify',
    {
      schema: {
        tags,
        security,
        description:
          'Approves or rejects up to 100 songs in one transaction. Songs no longer pending (moderated by another admin, or deleted) are left alone and listed in `skipped`; 409 when none was pending.',
        body: verifySongsBodySchema,
        response: { 200: verifySongsResponseSchema },
      },
    },
    async (request) => {
      const result = await verifySongs(deps, adminActor(request), request.body);
      return {
        success: true as const,
        message: moderatedMessage(result.status, result.moderated.length),
        data: { moderated: result.moderated, skipped: result.skipped },
      };
    },
  );
}
