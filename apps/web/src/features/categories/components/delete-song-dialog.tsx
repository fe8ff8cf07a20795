import type { Song } from '@ovation/shared';
import { ERROR_CODES, type ErrorCode } from '@ovation/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
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
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <button
          type="button"
          disabled={deleting}
          onClick={() => void confirm()}
          className={buttonClass(
            'primary',
            'md',
            'flex-1 bg-coral-400 hover:bg-coral-300 active:bg-coral-500',
          )}
        >
          {deleting && <InlineSpinner />}
          {t('detail.deleteConfirm')}
        </button>
        <button type="button" onClick={onClose} className={buttonClass('secondary', 'md', 'flex-1')}>
          {t('detail.cancel')}
        </button>
      </div>
    </Modal>
  );
}
