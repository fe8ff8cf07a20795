import type { Banner } from '@ovation/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const bannerKeys = {
  all: ['banners'] as const,
};

/** 1 hour: banners change rarely (the spec refreshes banner meta tags hourly). */
const BANNER_STALE_MS = 60 * 60 * 1000;

export const bannersQuery = queryOptions({
  queryKey: bannerKeys.all,
  queryFn: ({ signal }) => apiGet<Banner[]>('/stats/banners', { signal }),
  staleTime: BANNER_STALE_MS,
});

/** The hero slideshow's banners, in their display order. */
export function useBanners() {
  return useQuery({ ...bannersQuery, select: (banners) => [...banners].sort((a, b) => a.order - b.order) });
}
