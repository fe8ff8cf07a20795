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
import { ok, page } from '../../lib/envelope';
import { successMessage } from '../../lib/language';
import { paginationOf } from '../../lib/pagination';
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

/** The message of a moderation, by the status the songs now have. */
const MODERATED = { approved: 'songsApproved', rejected: 'songsRejected', pending: 'songReopened' } as const;

/** Song moderation (the admin spec's "Song moderation"); registered inside the admin scope (lib/access.ts). */
export function registerSongAdminRoutes(app: RouteApp, deps: SongsDependencies) {
  app.get(
    '/admin/songs',
    {
      schema: {
        tags,
        security,
        description:
          'Every song, 20 a page, newest first; `sort` is createdAt (default), title, artist, category or status, `order` desc (default) or asc; status all|pending|approved|rejected; search matches title, artist and category (any language), ignoring accents and case',
        querystring: adminSongsQuerySchema,
        response: { 200: adminSongPageResponseSchema },
      },
    },
    async (request) => {
      const { songs, total } = await listAdminSongs(deps, request.query);
      return page(songs, paginationOf(request.query, total));
    },
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
    async (request) => ok(await listPendingSongs(deps, request.query.limit)),
  );

  app.get(
    '/admin/songs/stats',
    { schema: { tags, security, response: { 200: songStatsResponseSchema } } },
    async () => ok(await getSongStats(deps)),
  );

  app.put(
    '/admin/songs/:id/verify',
    {
      schema: {
        tags,
        security,
        description:
          'Approves or rejects a pending song, or changes a decision (`expectedStatus` = the status the admin saw, a reason required; `reopen` sends it back to pending). 409 SONG_ALREADY_MODERATED (with `currentStatus`) when the song no longer has the expected status; 409 RESULTS_PUBLISHED / SONG_IS_WINNER when the change would alter published results or a chosen winner.',
        params: idParamsSchema,
        body: verifySongBodySchema,
        response: { 200: adminSongResponseSchema },
      },
    },
    async (request, reply) => {
      const song = await verifySong(deps, adminActor(request), request.params.id, request.body);
      const key = MODERATED[song.status];
      return ok(song, successMessage(request, reply, key, { count: 1 }));
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
    async (request, reply) => {
      const result = await verifySongs(deps, adminActor(request), request.body);
      return ok(
        { moderated: result.moderated, skipped: result.skipped },
        successMessage(request, reply, MODERATED[result.status], { count: result.moderated.length }),
      );
    },
  );
}
