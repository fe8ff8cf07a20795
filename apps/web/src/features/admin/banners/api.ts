import type { CategoryTranslationLanguage } from '@ovation/shared/category-words';
import type { AdminBanner } from '@ovation/shared/schemas/admin-media';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { sendMultipart, type TransferProgress } from '../../../lib/send-multipart';
import { adminBannersKeys, adminImagesKeys, PUBLIC_BANNERS_KEY } from '../lib/media-queries';

export { adminBannersKeys } from '../lib/media-queries';

/** The home slideshow's query: refetched after every write, so this admin sees the change on the home page at once. */
export const PUBLIC_BANNER_KEYS = [PUBLIC_BANNERS_KEY];
/** The image library's lists: a banner uploaded from the library adds a use to that image. */
export const LIBRARY_KEYS = [adminImagesKeys.all];

export const adminBannersQuery = queryOptions({
  queryKey: adminBannersKeys.list(),
  queryFn: ({ signal }) => apiGet<AdminBanner[]>('/admin/banners', { signal }),
});

/** GET /admin/banners: every banner (at most 50), in slideshow order, then newest first. */
export function useAdminBanners() {
  return useQuery(adminBannersQuery);
}

/** What the Upload / Edit form sends; the picture is a new file, a library image, or (edit) unchanged. */
export interface BannerSave {
  /** null: create (POST); else the banner being edited (PUT). */
  id: string | null;
  title: string;
  description: string;
  order: number;
  isActive: boolean;
  translations: Partial<Record<CategoryTranslationLanguage, { title?: string; description?: string }>>;
  file: File | null;
  libraryImage: string | null;
  /** The banner's updatedAt when the form opened: a change made meanwhile is refused, not overwritten. */
  expectedUpdatedAt?: string;
  onProgress?: (progress: TransferProgress) => void;
}

/** POST /admin/banners or PUT /admin/banners/{id} (multipart: `banner` file or `libraryImage`, and the fields). */
export async function saveBanner(save: BannerSave): Promise<AdminBanner> {
  const form = new FormData();
  form.append('title', save.title);
  form.append('description', save.description);
  form.append('order', String(save.order));
  form.append('isActive', String(save.isActive));
  form.append('translations', JSON.stringify(save.translations));
  if (save.expectedUpdatedAt) form.append('expectedUpdatedAt', save.expectedUpdatedAt);
  if (save.libraryImage) form.append('libraryImage', save.libraryImage);
  // The file goes last: the server reads the text fields before the bytes.
  if (save.file) form.append('banner', save.file, save.file.name);
  const result = await sendMultipart<AdminBanner>(
    save.id ? `/admin/banners/${save.id}` : '/admin/banners',
    form,
    {
      method: save.id ? 'PUT' : 'POST',
      onProgress: save.onProgress,
    },
  );
  return result.data;
}

/** PUT /admin/banners/order: every banner's id once, in the new order; answers the list as now ordered. */
export async function reorderBanners(ids: string[]): Promise<AdminBanner[]> {
  const result = await apiRequest<AdminBanner[]>('/admin/banners/order', { method: 'PUT', body: { ids } });
  return result.data;
}

/** DELETE /admin/banners/{id}: its own uploaded picture goes with it; a library picture stays. */
export function deleteBanner(id: string) {
  return apiRequest<null>(`/admin/banners/${id}`, { method: 'DELETE' });
}
