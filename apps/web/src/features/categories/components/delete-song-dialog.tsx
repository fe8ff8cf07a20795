import type { Song } from '@ovation/shared';
import { ERROR_CODES, type ErrorCode } from '@ovation/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { getSession } from '../../../lib/session';
import { deleteSong, songKeys } from '../../songs/api/use-songs';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** Admin: confirm, then delete a song for good (spec 1 Category detail). */
export default function DeleteSongDialog({ song, onClose }: { song: Song; onClose: () => void }) {
  const { t } = useTranslation('categories');
  const { t: tMain } = useTranslation();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!getSession().token) {
      showToast(t('detail.deleteLogin'), 'error');
      onClose();
      return;
    }
    setDeleting(true);
    try {
      await deleteSong(song._id);
      showToast(t('detail.deleted', { title: song.title }), 'success');
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
      void queryClient.invalidateQueries({ queryKey: songKeys.all });
      onClose();
    } catch (error) {
      showToast(
        error instanceof ApiError && KNOWN_CODES.has(error.code)
          ? tMain(`errors.${error.code as ErrorCode}`)
          : t('detail.deleteFailed'),
        'error',
      );
      setDeleting(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('detail.deleteTitle')}
      description={t('detail.deleteText', { title: song.title })}
    >
      <ConfirmActions
        confirmLabel={t('detail.deleteConfirm')}
        cancelLabel={t('detail.cancel')}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={onClose}
      />
    </Modal>
  );
}
