import { Modal } from '../ui/modal';
import { MediaPlayer, type PlayableSong } from './media-player';

/**
 * The full player in a dialog. The player (and so the embed's network traffic) exists only while the
 * dialog is open: Modal renders its children only when open.
 */
export function PlayerModal({
  song,
  open,
  onClose,
}: {
  song: PlayableSong;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title={<bdi>{song.title}</bdi>}
      description={<bdi>{song.artist}</bdi>}
    >
      <div className="mt-5">
        <MediaPlayer song={song} autoPlay />
      </div>
    </Modal>
  );
}

export default PlayerModal;
