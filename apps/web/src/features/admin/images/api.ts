import type { AdminImage, ImageInUseResponse, ImageUsage } from '@ovation/shared/schemas/admin-media';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { sendMultipart, type TransferProgress } from '../../../lib/send-multipart';
import { type LibraryFilters, libraryImagesQuery } from '../lib/media-queries';

/** 20 a page: the admin list contract (the admin spec). */
export const IMAGES_PAGE_SIZE = 20;

export { AFFECTED_BY_IMAGE_DELETE, adminImagesKeys } from '../lib/media-queries';

/** GET /admin/images: one page of the library, newest first, optionally by part of the file name. */
export function useAdminImages(filters: LibraryFilters) {
  return useQuery(libraryImagesQuery(filters, IMAGES_PAGE_SIZE));
}

/** POST /admin/images/upload (multipart `image`): the stored image, renamed and re-encoded by the server. */
export async function uploadImage({
  file,
  onProgress,
}: {
  file: File;
  onProgress?: (progress: TransferProgress) => void;
}): Promise<AdminImage> {
  const form = new FormData();
  form.append('image', file, file.name);
  const result = await sendMultipart<AdminImage>('/admin/images/upload', form, { onProgress });
  return result.data;
}

/**
 * DELETE /admin/images/{filename}. Without `confirm` the server refuses an image still in use (409
 * IMAGE_IN_USE, see `usageOfRefusal`); with the refusal's `usageToken` it deletes it while what uses it is
 * still what the admin was shown (else it refuses again with the new usage), and that loses its picture.
 */
export function deleteImage({ filename, confirm }: { filename: string; confirm?: string }) {
  return apiRequest<null>(`/admin/images/${encodeURIComponent(filename)}`, {
    method: 'DELETE',
    query: confirm ? { confirm } : undefined,
  });
}

/**
 * What would lose its picture and the token that confirms it, when a delete was refused because the
 * image is in use; else null.
 */
export function usageOfRefusal(error: unknown): { usage: ImageUsage[]; usageToken: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'IMAGE_IN_USE') return null;
  const body = error.body as Partial<ImageInUseResponse> | undefined;
  return {
    usage: Array.isArray(body?.usage) ? body.usage : [],
    usageToken: typeof body?.usageToken === 'string' ? body.usageToken : '',
  };
}
