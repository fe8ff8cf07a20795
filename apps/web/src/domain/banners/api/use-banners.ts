import type { Banner } from '@ovation/shared';
import { localizeBanner } from '@ovation/shared/category-words';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../lib/api-client';

export const bannerKeys = {
  all: ['banners'] as const,
};

/**
 * 30 s, and fetched again when the home page mounts or the tab regains focus: an admin's change to the
 * slideshow reaches open pages soon (the server's cache drops it at once on every instance).
 */
const BANNER_STALE_MS = 30 * 1000;

export const bannersQuery = queryOptions({
  queryKey: bannerKeys.all,
  queryFn: ({ signal }) => apiGet<Banner[]>('/stats/banners', { signal, publicRead: true }),
  staleTime: BANNER_STALE_MS,
  refetchOnMount: true,
  refetchOnWindowFocus: true,
});

/**
 * The hero slideshow's banners, in their display order, with their title and description in the visitor's
 * language (English where a translation is missing).
 */
export function useBanners() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const select = useCallback(
    (banners: Banner[]) =>
      [...banners]
        .sort((a, b) => a.order - b.order)
        .map((banner) => ({ ...banner, ...localizeBanner(banner, language) })),
    [language],
  );
  return useQuery({ ...bannersQuery, select });
}
