import type { Song } from '@ovation/shared';
import { objectIdSchema } from '@ovation/shared';
import { ok } from '../../lib/envelope';
import type { CachedAnswer, ResponseCache } from '../../lib/response-cache';
import { getSong, type PublicSongsDependencies } from './public-service';
import * as repository from './repository';

/** The response cache's key of a song's public answer: the API route and the page's share tags share it. */
export const songPageKey = (id: string) => `song:${id}`;

/** Parsed once per cached answer: the HTML shell reads the same song for every crawler and visitor. */
const parsedSongs = new WeakMap<CachedAnswer, Song>();

/**
 * A song as a guest sees it on its public page, from the same cached answer the API serves (so a busy
 * shared link costs no extra query); undefined for an unknown id or a song not approved.
 */
export async function readPublicSong(
  deps: PublicSongsDependencies & { cache: ResponseCache },
  id: string,
): Promise<Song | undefined> {
  if (!objectIdSchema.safeParse(id).success) return undefined;
  try {
    const answer = await deps.cache.get(songPageKey(id), async () => ok(await getSong(deps, id, null)));
    let song = parsedSongs.get(answer);
    if (!song) {
      song = (JSON.parse(answer.identity.body.toString('utf8')) as { data: Song }).data;
      parsedSongs.set(answer, song);
    }
    return song.status === 'approved' ? song : undefined;
  } catch {
    // Unknown (SONG_NOT_FOUND) or unreadable: the page gets the generic tags.
    return undefined;
  }
}

/** Every approved song's id and last change, for the sitemap. */
export function listApprovedSongEntries(deps: PublicSongsDependencies) {
  return repository.findApprovedSongEntries(deps.db);
}
