import type { Song } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * One of the artist's own songs (GET /songs/artist/me): any status, with votes, rank in its category and
 * the admin's reason when it was rejected.
 */
export type ArtistSong = Song & {
  totalVotes: number;
  rankInCategory: number | null;
  /** Absent on a song just uploaded from this browser (put in the cache before the list refetches). */
  moderationReason?: string | null;
};

/** GET /users/me/stats: the dashboard tiles. */
export interface ArtistStats {
  totalSongs: number;
  totalVotes: number;
  totalViews: number;
  totalArtists: number;
}

export const artistKeys = {
  all: ['artist'] as const,
  songs: () => [...artistKeys.all, 'songs'] as const,
  stats: () => [...artistKeys.all, 'stats'] as const,
};

/** 30 s: votes move during the voting period; a focus or a return to the page refreshes them after that. */
const ARTIST_STALE_MS = 30_000;

export const artistSongsQuery = queryOptions({
  queryKey: artistKeys.songs(),
  queryFn: ({ signal }) => apiGet<ArtistSong[]>('/songs/artist/me', { signal }),
  staleTime: ARTIST_STALE_MS,
});

export const artistStatsQuery = queryOptions({
  queryKey: artistKeys.stats(),
  queryFn: ({ signal }) => apiGet<ArtistStats>('/users/me/stats', { signal }),
  staleTime: ARTIST_STALE_MS,
});

export function useArtistSongs() {
  return useQuery(artistSongsQuery);
}

export function useArtistStats() {
  return useQuery(artistStatsQuery);
}
