import type { AdminImage, ImageSourceFilter } from '@ovation/shared/schemas/admin-media';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * The query keys and the library query that the images, banners and songs screens share: one definition,
 * so a screen invalidating another's list cannot miss it after a rename (screens do not import each other).
 */

export interface LibraryFilters {
  page: number;
  search: string;
  /** Whose pictures (GET /admin/images?source=); left out, the library's own (what a picker may reuse). */
  source?: ImageSourceFilter;
}

/** The image library: every list (the images screen's pages, the banner form's picker) sits under `all`. */
export const adminImagesKeys = {
  all: ['admin', 'images'] as const,
  list: (filters: LibraryFilters, limit: number) =>
    [...adminImagesKeys.all, 'list', { ...filters, limit }] as const,
};

/** The banners screen's list. */
export const adminBannersKeys = {
  all: ['admin', 'banners'] as const,
  list: () => [...adminBannersKeys.all, 'list'] as const,
};

/** Every query of the songs screen (features/admin/songs/api.ts builds its keys on it). */
export const ADMIN_SONGS_KEY = ['admin', 'songs'] as const;

/**
 * The public pages' keys, by value (an admin screen may not import a public feature): the home
 * slideshow (features/banners) and the song lists (features/songs). app/shared-query-keys.test.ts
 * fails if they drift apart.
 */
export const PUBLIC_BANNERS_KEY = ['banners'] as const;
export const PUBLIC_SONGS_KEY = ['songs'] as const;

/**
 * Lists a deleted image may have touched: the banners (a banner that lost its picture leaves the
 * slideshow), and the songs whose cover it was.
 */
export const AFFECTED_BY_IMAGE_DELETE = [
  adminBannersKeys.all,
  PUBLIC_BANNERS_KEY,
  ADMIN_SONGS_KEY,
  PUBLIC_SONGS_KEY,
] as const;

/** GET /admin/images: one page of `limit` library images, newest first, optionally by part of the file name. */
export function libraryImagesQuery(filters: LibraryFilters, limit: number) {
  return queryOptions({
    queryKey: adminImagesKeys.list(filters, limit),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<AdminImage[]>('/admin/images', {
        query: { page: filters.page, limit, search: filters.search || undefined, source: filters.source },
        signal,
      });
      return { images: result.data, pagination: result.pagination as Pagination };
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}
