import type { Song } from '@ovation/shared';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal';
import { SongVotersList } from '../../../domain/songs/components/song-voters-list';

/** Admins: who voted for a song (their click on a song in the list opens this instead of the player). */
export default function VotersModal({ song, onClose }: { song: Song; onClose: () => void }) {
  const { t } = useTranslation('songs');
  return (
    <Modal
      open
      onClose={onClose}
      size="md"
      title={t('voters.title')}
      description={<bdi>{`${song.title} · ${song.artist}`}</bdi>}
    >
      <div className="mt-5">
        <SongVotersList songId={song._id} />
      </div>
    </Modal>
  );
}
