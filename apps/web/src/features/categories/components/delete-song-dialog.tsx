import type { Song } from '@ovation/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmActions } from '../../../components/ui/confirm-actions';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../components/ui/toast';
import { deleteSong, songKeys } from '../../../domain/songs/api/use-songs';
import { getSession } from '../../../lib/session';
import { usePublicAction } from '../../../lib/use-action';

/** Admin: confirm, then delete a song for good (the public spec's Category detail). */
export default function DeleteSongDialog({ song, onClose }: { song: Song; onClose: () => void }) {
  const { t } = useTranslation('categories');

  const remove = usePublicAction({
    action: () => deleteSong(song._id),
    success: t('detail.deleted', { title: song.title }),
    failure: t('detail.deleteFailed'),
    invalidate: [['categories'], songKeys.all],
    onSuccess: onClose,
  });

  const confirm = () => {
    if (!getSession().token) {
      showToast(t('detail.deleteLogin'), 'error');
      onClose();
      return;
    }
    remove.mutate();
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
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={onClose}
      />
    </Modal>
  );
}
