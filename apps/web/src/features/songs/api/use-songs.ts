import type { Song } from '@ovation/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
    queryFn: ({ signal }) => apiRequest<Song[]>('/songs', { query: { ...params }, signal }),
    staleTime: 30_000,
  });
}

/** A page of songs with its pagination; keeps the previous page on screen while the next one loads. */
export function useSongList(params: SongListParams) {
  return useQuery({ ...songListQuery(params), placeholderData: keepPreviousData });
}
