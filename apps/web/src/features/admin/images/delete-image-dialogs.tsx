import type { AdminImage, ImageUsage } from '@ovation/shared/schemas/admin-media';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { showToast, TOAST_ERROR_MS } from '../../../components/ui/toast';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { shortFilename } from '../lib/short-filename';
import { AFFECTED_BY_IMAGE_DELETE, adminImagesKeys, deleteImage, usageOfRefusal } from './api';
import { ImageUsageList } from './image-usage';

/** The delete in progress: the image, and what uses it once the server has said it is in use. */
export interface DeletingImage {
  image: AdminImage;
  /** null until the server refused the plain delete (409 IMAGE_IN_USE); then the second dialog shows. */
  usage: ImageUsage[] | null;
  /** The refusal's token for that usage: 'Delete anyway' sends it, so only what was listed loses its picture. */
  usageToken?: string;
}

interface DeleteImageDialogsProps {
  deleting: DeletingImage | null;
  onChange: (next: DeletingImage | null) => void;
}

/**
 * Delete asks first ('Delete image?'). When the server answers that the image is in use, a second dialog
 * lists every banner, ad and song cover that will lose its picture, and only 'Delete anyway' removes it
 * (confirmed with the refusal's usage token), so nothing loses its picture without the admin having read
 * what: if something else took the image meanwhile, the server refuses again and the list is updated.
 */
export function DeleteImageDialogs({ deleting, onChange }: DeleteImageDialogsProps) {
  const { t } = useTranslation('admin-images');
  const queryClient = useQueryClient();

  const remove = useAction({
    action: deleteImage,
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
    invalidate: [adminImagesKeys.all, ...AFFECTED_BY_IMAGE_DELETE],
    toastOnError: false,
    onSuccess: () => onChange(null),
    onError: (error, message) => {
      const refusal = usageOfRefusal(error);
      if (refusal && deleting) {
        onChange({ image: deleting.image, ...refusal });
        return;
      }
      // The dialog closes so the toast is seen (it would sit under the backdrop); the list is read again,
      // since the usual reason is that someone else changed it (an image already deleted).
      onChange(null);
      showToast(message, 'error', TOAST_ERROR_MS);
      void queryClient.invalidateQueries({ queryKey: adminImagesKeys.all });
    },
  });

  const name = deleting ? shortFilename(deleting.image.filename) : '';
  const inUse = deleting?.usage != null;

  return (
    <>
      <ConfirmDialog
        open={deleting !== null && !inUse}
        title={t('delete.title')}
        description={t('delete.text', { name: isolate(name) })}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ filename: deleting.image.filename })}
        // Closing this dialog to show the in-use one is not a cancel.
        onCancel={() => {
          if (!inUse) onChange(null);
        }}
      />
      <ConfirmDialog
        open={inUse}
        title={t('delete.inUseTitle')}
        description={t('delete.inUseText', { name: isolate(name) })}
        confirmLabel={t('delete.inUseConfirm')}
        busy={remove.isPending}
        onConfirm={() =>
          deleting && remove.mutate({ filename: deleting.image.filename, confirm: deleting.usageToken })
        }
        onCancel={() => onChange(null)}
      >
        {deleting?.usage && (
          <>
            <ImageUsageList
              usage={deleting.usage}
              className="mt-4 max-h-60 overflow-y-auto rounded-xl bg-white/[0.03] p-3 ring-1 ring-white/10"
            />
            <p role="note" className="mt-4 text-sm text-ink-300">
              {t('delete.inUseAfter')}
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  );
}
