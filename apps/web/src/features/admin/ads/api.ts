import type {
  AdAnalytics,
  AdDisplaySettingsInput,
  AdminAd,
  AdminAdSort,
  AdStatusFilter,
} from '@ovation/shared/schemas/ads';
import type { Pagination } from '@ovation/shared/schemas/envelope';
import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResult, apiGet, apiRequest } from '../../../lib/api-client';
import { sendMultipart, type TransferProgress } from '../../../lib/send-multipart';
import { adminImagesKeys } from '../lib/media-queries';
import { PUBLIC_SETTINGS_KEYS } from '../lib/platform-settings';

/** The list's status filter (GET /ads?status=): every ad, or only those switched on or off. */
export { AD_STATUS_FILTERS, type AdStatusFilter } from '@ovation/shared/schemas/ads';

export interface AdsFilters {
  page: number;
  search: string;
  status: AdStatusFilter;
  sort: AdminAdSort;
  order: 'asc' | 'desc';
}

/** The admin spec: admin lists show 20 a page. */
export const ADS_PAGE_SIZE = 20;

/** Query keys of the screen: the list pages and each ad's analytics sit under `all`. */
export const adminAdsKeys = {
  all: ['admin', 'ads'] as const,
  list: (filters: AdsFilters) => [...adminAdsKeys.all, 'list', filters] as const,
  analytics: (id: string) => [...adminAdsKeys.all, 'analytics', id] as const,
};

/**
 * What else an ad write changes, by value (screens do not import each other): the ad and traffic analytics
 * screen (its queries sit under this prefix), the public settings, whose `ads.locations` say which
 * slots the public pages reserve room for, and the image library (an ad's library picture is a use of it).
 */
export const AD_ANALYTICS_SCREEN_KEY = ['admin', 'ad-analytics'] as const;
export const AFFECTED_BY_AD_WRITE = [
  adminAdsKeys.all,
  AD_ANALYTICS_SCREEN_KEY,
  PUBLIC_SETTINGS_KEYS[0],
  adminImagesKeys.all,
];

/** GET /ads: one page of 20 ads, newest first, by part of the title or description and by status. */
export function useAdminAds(filters: AdsFilters) {
  return useQuery({
    queryKey: adminAdsKeys.list(filters),
    queryFn: async ({ signal }) => {
      const result = await apiRequest<{ ads: AdminAd[] }>('/ads', {
        query: {
          page: filters.page,
          limit: ADS_PAGE_SIZE,
          search: filters.search || undefined,
          status: filters.status === 'all' ? undefined : filters.status,
          sort: filters.sort,
          order: filters.order,
        },
        signal,
      });
      return { ads: result.data.ads, pagination: result.pagination as Pagination | undefined };
    },
    // The previous page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** GET /ads/{id}/analytics: all-time totals, the filtered counts, today, and each location's share. */
export function useAdAnalytics(id: string | null) {
  return useQuery({
    queryKey: adminAdsKeys.analytics(id ?? ''),
    queryFn: ({ signal }) => apiGet<AdAnalytics>(`/ads/${id}/analytics`, { signal }),
    enabled: id !== null,
  });
}

/**
 * The platform's timezone: an ad's start and end dates are calendar days there, and a new ad starts
 * "today" there. It is the voting settings' timezone (GET /voting-settings, the voting control screen's
 * query: the same key, so both screens share one answer).
 */
export const platformTimezoneQuery = queryOptions({
  queryKey: ['admin', 'voting-settings'],
  queryFn: ({ signal }) => apiGet<VotingSettings>('/voting-settings', { signal }),
  select: (settings: VotingSettings) => settings.timezone,
  // It changes rarely, and only on the voting control screen, which refetches it there.
  staleTime: 5 * 60_000,
});

/** What the Create / Edit form sends; the picture is a new file, a library image, or (edit) unchanged. */
export interface AdSave {
  /** null: create (POST); else the ad being edited (PUT). */
  id: string | null;
  title: string;
  description: string;
  targetUrl: string;
  displaySettings: AdDisplaySettingsInput;
  file: File | null;
  libraryImage: string | null;
  onProgress?: (progress: TransferProgress) => void;
}

/** POST /ads or PUT /ads/{id} (multipart: `image` file or `libraryImage`, the fields, displaySettings as JSON). */
export async function saveAd(save: AdSave): Promise<AdminAd> {
  const form = new FormData();
  form.append('title', save.title);
  form.append('description', save.description);
  form.append('targetUrl', save.targetUrl);
  form.append('displaySettings', JSON.stringify(save.displaySettings));
  if (save.libraryImage) form.append('libraryImage', save.libraryImage);
  // The file goes last: the server reads the text fields before the bytes.
  if (save.file) form.append('image', save.file, save.file.name);
  const result = await sendMultipart<AdminAd>(save.id ? `/ads/${save.id}` : '/ads', form, {
    method: save.id ? 'PUT' : 'POST',
    onProgress: save.onProgress,
  });
  return result.data;
}

/** PATCH /ads/{id}/toggle: switches the ad on or off; the answer's message says which ('Ad activated'). */
export function toggleAd(id: string): Promise<ApiResult<AdminAd>> {
  return apiRequest<AdminAd>(`/ads/${id}/toggle`, { method: 'PATCH' });
}

/** DELETE /ads/{id}: its own uploaded picture goes with it; a library picture stays. */
export function deleteAd(id: string) {
  return apiRequest<null>(`/ads/${id}`, { method: 'DELETE' });
}
