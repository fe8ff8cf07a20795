import type { Song, songVoterSchema } from '@ovation/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** The query the songs list accepts (GET /api/songs); all optional, the server has defaults. */
export interface SongListParams {
  page?: number;
  limit?: number;
  sortBy?: 'createdAt' | 'totalVotes' | 'title' | 'artist';
  sortOrder?: 'asc' | 'desc';
  search?: string;
  category?: string;
}

export const songKeys = {
  all: ['songs'] as const,
  list: (params: SongListParams) => [...songKeys.all, 'list', params] as const,
  detail: (id: string) => [...songKeys.all, 'detail', id] as const,
};

export function songListQuery(params: SongListParams) {
  return queryOptions({
    queryKey: songKeys.list(params),
    queryFn: ({ signal }) => apiRequest<Song[]>('/songs', { query: { ...params }, signal, publicRead: true }),
    staleTime: 30_000,
  });
}

/** A page of songs with its pagination; keeps the previous page on screen while the next one loads. */
export function useSongList(params: SongListParams) {
  return useQuery({ ...songListQuery(params), placeholderData: keepPreviousData });
}

export function songDetailQuery(id: string) {
  return queryOptions({
    queryKey: songKeys.detail(id),
    queryFn: ({ signal }) => apiGet<Song>(`/songs/${id}`, { signal, publicRead: true }),
    staleTime: 30_000,
    // No retry rule of its own: the app's (query-client.ts) never repeats a 4xx, so a malformed id (400)
    // or a missing song (404) shows its page at once. The read starts before the page mounts (the landing
    // prefetch); a failure there is the page's answer, not asked again when the page mounts.
    retryOnMount: false,
  });
}

export function useSong(id: string) {
  return useQuery(songDetailQuery(id));
}

export type SongVoter = z.infer<typeof songVoterSchema>;

/** Who voted for a song (admins only: GET /votes/song/:id answers 403 to everyone else). */
export function songVotersQuery(songId: string) {
  return queryOptions({
    queryKey: [...songKeys.all, 'voters', songId] as const,
    queryFn: ({ signal }) => apiGet<SongVoter[]>(`/votes/song/${songId}`, { signal }),
    staleTime: 30_000,
  });
}

/** Admin: copies a song into another category (409 DUPLICATE_SONG_IN_CATEGORY when it is there already). */
export async function copySong(songId: string, targetCategoryId: string): Promise<Song> {
  return (await apiRequest<Song>(`/songs/${songId}/copy`, { method: 'POST', body: { targetCategoryId } }))
    .data;
}

/** Admin: deletes a song for good. */
export async function deleteSong(songId: string): Promise<void> {
  await apiRequest<unknown>(`/songs/${songId}`, { method: 'DELETE' });
}
