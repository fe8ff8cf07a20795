import type {
  AdminSong,
  AdminSongSort,
  AdminSongStatusFilter,
  SongStats,
} from '@ovation/shared/schemas/admin-songs';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { sendMultipart } from '../../../lib/send-multipart';
import { ADMIN_SONGS_KEY } from '../lib/media-queries';

export interface AdminSongsFilters {
  page: number;
  search: string;
  status: AdminSongStatusFilter;
  sort: AdminSongSort;
  order: 'asc' | 'desc';
}

/** Query keys of the screen: every list page and the tiles sit under `all`, so one invalidation covers both. */
export const adminSongsKeys = {
  all: ADMIN_SONGS_KEY,
  list: (filters: AdminSongsFilters) => [...adminSongsKeys.all, 'list', filters] as const,
  stats: () => [...adminSongsKeys.all, 'stats'] as const,
};

export function adminSongsQuery(filters: AdminSongsFilters) {
  return queryOptions({
    queryKey: adminSongsKeys.list(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<AdminSong[]>('/admin/songs', {
        query: {
          page: filters.page,
          status: filters.status === 'all' ? undefined : filters.status,
          search: filters.search,
          sort: filters.sort,
          order: filters.order,
        },
        signal,
      });
      return { songs: result.data, pagination: result.pagination as Pagination };
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export const songStatsQuery = queryOptions({
  queryKey: adminSongsKeys.stats(),
  queryFn: ({ signal }) => apiGet<SongStats>('/admin/songs/stats', { signal }),
});

export function useAdminSongs(filters: AdminSongsFilters) {
  return useQuery(adminSongsQuery(filters));
}

export function useSongStats() {
  return useQuery(songStatsQuery);
}

export interface SongEdit {
  id: string;
  title: string;
  artist: string;
  songLink: string;
  description: string;
  /** A link typed in, or the current cover's URL (unchanged). */
  albumCover: string;
  /** A new image file: wins over `albumCover`. */
  file: File | null;
  /** The song's updatedAt when the form opened: the server refuses the edit if it changed since. */
  expectedUpdatedAt: string;
  /** The category the song ends in (its own: unchanged). */
  categoryId: string;
}

/** PUT /songs/{id} (multipart). */
export function updateSong(edit: SongEdit) {
  const form = new FormData();
  form.append('title', edit.title);
  form.append('artist', edit.artist);
  form.append('songLink', edit.songLink);
  form.append('description', edit.description);
  form.append('expectedUpdatedAt', edit.expectedUpdatedAt);
  form.append('categoryId', edit.categoryId);
  if (edit.file) form.append('albumCover', edit.file, edit.file.name);
  else form.append('albumCover', edit.albumCover);
  return sendMultipart<AdminSong>(`/songs/${edit.id}`, form, { method: 'PUT' });
}

/** DELETE /songs/{id} */
export function deleteSong(id: string) {
  return apiRequest<null>(`/songs/${id}`, { method: 'DELETE' });
}
