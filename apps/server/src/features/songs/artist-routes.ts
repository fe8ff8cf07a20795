import { artistSongsResponseSchema, artistStatsResponseSchema } from '@ovation/shared';
import type { RouteApp } from '../../app-context';
import { signedInViewer } from '../../lib/access';
import { ok } from '../../lib/envelope';
import { getArtistStats, listArtistSongs } from './artist-service';
import type { PublicSongsDependencies } from './public-service';

const tags = ['songs'];
const security = [{ bearer: [] }];

/** The artist dashboard: their own songs and their tiles (artists and admins; each sees their own). */
export function registerArtistRoutes(app: RouteApp, deps: PublicSongsDependencies) {
  app.get(
    '/songs/artist/me',
    {
      config: { access: 'artist' },
      schema: { tags, security, response: { 200: artistSongsResponseSchema } },
    },
    async (request) => ok(await listArtistSongs(deps, signedInViewer(request))),
  );

  app.get(
    '/users/me/stats',
    {
      config: { access: 'artist' },
      schema: { tags, security, response: { 200: artistStatsResponseSchema } },
    },
    async (request) => ok(await getArtistStats(deps, signedInViewer(request))),
  );
}
